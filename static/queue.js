// Entries typed without network wait in IndexedDB and are sent in order when the network
// answers; when another phone wrote one in the same place, the table says which stands.
// How and why: docs/offline.md.
(function () {
  "use strict";

  const box = document.getElementById("queue");
  if (!box || !window.indexedDB) return;
  const game = location.pathname;
  const copy = document.documentElement.dataset.offlineCopy !== undefined;
  let list = []; // this game's waiting entries, oldest first
  let busy = false;
  let halted = false; // one was refused: back in the panel (`back`), or kept and said (`unsent`)
  let gone = false; // this link answers 404: new links were made (or the game was deleted)
  let opened;

  // The game itself, whatever link opened it (its id and when it was started, on #live):
  // new links make a new path for the same game.
  function ident() {
    const live = document.getElementById("live");
    return (live && live.dataset.game) || null;
  }

  // The entry refused back into the panel: the ones after it wait until it is saved or dropped.
  function held() {
    return list.find((e) => e.back) || null;
  }

  // Its form's address under this page's path: the game's new link, when it was kept under an
  // old one (the form's address is the game's path and what follows it); null if it is not.
  function moved(entry) {
    if (entry.game === game) return entry.action;
    const url = new URL(entry.action, location);
    const rest = url.pathname.slice(entry.game.length);
    if (!url.pathname.startsWith(entry.game) || (rest && rest[0] !== "/")) return null;
    url.pathname = game + rest;
    return url.href;
  }

  function say(name, number) {
    return (box.dataset[name] || "").replace("{number}", number);
  }

  function store(act) {
    opened = opened || new Promise(function (ok, fail) {
      const open = indexedDB.open("jass-queue", 1);
      open.onupgradeneeded = function () {
        open.result.createObjectStore("entries", { keyPath: "id", autoIncrement: true });
      };
      open.onsuccess = () => { ok(open.result); };
      open.onerror = fail;
    });
    return opened.then(function (db) {
      return new Promise(function (ok, fail) {
        const tx = db.transaction("entries", "readwrite", { durability: "strict" });
        const asked = act(tx.objectStore("entries"));
        tx.oncomplete = () => { ok(asked.result); };
        tx.onerror = tx.onabort = fail;
      });
    });
  }
  function keep(entry) {
    return store((s) => s.put(entry)).then((id) => { entry.id = id; });
  }
  function forget(entry) {
    list = list.filter((e) => e !== entry);
    return store((s) => s.delete(entry.id));
  }

  function token() {
    return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(36)).join("");
  }

  function where(form) {
    return new URL(form.getAttribute("action"), location).href; // a field may be named "action"
  }

  function count(seen) {
    return parseInt(seen, 10) || 0; // an end tag: "<entries>-<fingerprint>", or "0"
  }

  // In the panel's words: "{contract} · {points_team} {points}", without parts left blank.
  function summary(form, data) {
    function field(name) {
      const value = data.get(name) || "";
      const elt = Array.from(form.elements).find(function (e) {
        return e.name === name && e.value === value && (e.checked || !/radio|checkbox/.test(e.type));
      });
      if (!value || !elt || /text|hidden/.test(elt.type)) return value;
      const label = elt.getAttribute("aria-label") || (elt.labels[0] || elt.firstElementChild || elt).innerText;
      return label.replace(/[\s\u00ad]+/g, " ").trim();
    }
    return form.dataset.queue.replace(/\{([\w-]+)\}/g, (_, name) => field(name) || "\0")
      .split(" · ").filter((part) => !part.includes("\0")).join(" · ");
  }

  function fields(data) {
    return Array.from(data).filter((f) => !/^(once|seen|csrf_token)$/.test(f[0]));
  }

  // Its token: the one it may have gone with (no answer), else a fresh one (a copy's may be spent).
  // Typed while one refused waits in the panel, it is that one corrected: it takes its place.
  function take(form, data, once) {
    const back = held();
    const last = back ? null : list[list.length - 1];
    const seen = last ? null : data.get("seen") || "0";
    const entry = {
      game: game,
      ident: ident(),
      action: where(form),
      fields: fields(data),
      once: once || token(),
      seen: seen, // null: the state after the entry before it
      place: last ? last.place + 1 : count(seen) + 1,
      text: summary(form, data),
      own: form.hasAttribute("data-queue-own-place"), // a Coiffeur cell: its own place
      numbered: form.hasAttribute("data-queue-number"), // a club table's game: sent with its place
      one: form.hasAttribute("data-queue-one"), // a round's last step: no edit takes it whole
    };
    const at = form.querySelector("[data-number]");
    if (back) entry.shown = back.shown;
    else if (at) entry.shown = upcoming(at); // the number its panel showed
    if (back) entry.id = back.id; // its place in the queue, in front of the ones after it
    form.elements.once.value = token();
    return keep(entry).then(function () {
      if (back) {
        list[list.indexOf(back)] = entry;
        halted = false;
        renumber();
      } else list.push(entry);
      clear(form, back);
      show();
      const note = document.createElement("p");
      note.className = "note";
      note.textContent = say("kept", entry.place);
      document.getElementById("flash").replaceChildren(note);
      send();
    });
  }

  // Whether an entry ends its hand (trick points or a Match): Weis alone leaves it running.
  function ends(entry) {
    return entry.fields.some((f) => (f[0] === "points" && f[1] !== "") || f[0] === "match");
  }

  // The number of the panel's next entry: the panel's own (the server's) moved on by each
  // waiting entry that ends one, and never before the one after the last entry kept (a page
  // from a copy older than the one it was typed on).
  function upcoming(at) {
    let n = +at.dataset.number + list.filter(ends).length;
    const last = list[list.length - 1];
    if (last && last.shown) n = Math.max(n, last.shown + (ends(last) ? 1 : 0));
    return n;
  }

  // The panel moves on past the kept entries: its number, Vorhand, dealer and the team its
  // trick points go to by default, from the panel's <template data-turn> of that number (a
  // Schieber hand, a club table's game), so three taps stay right however many wait.
  function ahead(root) {
    const form = (root || document).querySelector("form[data-queue]");
    const at = form && form.querySelector("[data-number]");
    const turns = at ? form.querySelectorAll("template[data-turn]") : [];
    if (!turns.length) return;
    const n = root ? +at.dataset.number : upcoming(at);
    if (at.dataset.last) form.hidden = n > +at.dataset.last; // every game of the Passe kept
    const next = turns[(n - 1) % turns.length];
    const who = form.querySelector(".who");
    who.innerHTML = next.innerHTML;
    who.querySelectorAll("[data-n]").forEach((e) => { e.textContent = n; });
    const dealer = form.querySelector("#dealer");
    if (dealer) dealer.innerHTML = next.dataset.dealer;
    if (root) return;
    const field = form.dataset.queueTeam || "points_team";
    const team = form.querySelector('input[name="' + field + '"][value="' + next.dataset.team + '"]');
    if (team) team.checked = true;
  }

  function blank(form) {
    form.querySelectorAll("output, .preview").forEach((e) => { e.textContent = ""; });
  }

  // The panel free for the next entry. One that held a refused entry has what was typed as its
  // fields' defaults (the refusal's page): a reset must not bring them back, nor its words.
  function clear(form, refused) {
    if (refused) {
      const words = ".error, .question, input[type=hidden][name=confirm]";
      form.querySelectorAll(words).forEach((e) => { e.remove(); });
      form.querySelectorAll("[aria-invalid]").forEach(function (e) {
        e.removeAttribute("aria-invalid");
        e.removeAttribute("aria-describedby");
      });
      Array.from(form.elements).forEach(function (e) {
        if (e.type === "checkbox") e.defaultChecked = false;
        else if (e.tagName === "INPUT" && !/^(radio|hidden|submit|button)$/.test(e.type)) {
          e.defaultValue = "";
        }
      });
    }
    form.reset();
    blank(form);
    ahead();
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }

  // The places of the ones after the first, as they will be sent (each after the one before).
  function renumber() {
    list.forEach(function (e, i) {
      if (i && e.seen === null) e.place = list[i - 1].place + 1;
    });
  }

  function show() {
    document.querySelectorAll("#rows .pending").forEach((li) => { li.remove(); });
    const rows = document.getElementById("rows");
    list.forEach(function (entry) {
      if (rows) rows.prepend(pending(entry));
    });
    const empty = document.querySelector("#history .empty");
    if (empty) empty.hidden = list.length > 0;
    document.querySelectorAll("form[data-queue-one]").forEach(function (form) {
      form.inert = list.some((e) => !e.back && moved(e) === where(form));
    });
    project();
  }

  // What the projection changed carries what it was (data-was; empty: it was not there), so
  // that the server's own comes back: before each projection, and in the worker's copy.
  function restore(root) {
    root.querySelectorAll("[data-was]").forEach(function (e) {
      if (e.dataset.was) e.outerHTML = e.dataset.was;
      else e.remove();
    });
  }
  function swap(elt, html) {
    const was = elt.dataset.was === undefined ? elt.outerHTML : elt.dataset.was;
    const template = document.createElement("template");
    template.innerHTML = html;
    const now = template.content.firstElementChild;
    now.dataset.was = was;
    elt.replaceWith(now);
  }

  // The board with the entries that wait scored in, as the server will score them once they
  // are sent (the mode's static/projection-<mode>.js, loaded once something waits): the state
  // the phone will have, not the one before them.
  function project() {
    restore(document);
    const waiting = list.filter((e) => !e.back && !e.unsent).map((e) => Object.fromEntries(e.fields));
    if (!waiting.length || !box.dataset.projection) return;
    if (!window.JassProjection) {
      if (!document.querySelector("script[data-projection]")) {
        const script = document.head.appendChild(document.createElement("script"));
        script.dataset.projection = "";
        script.onload = project;
        script.src = box.dataset.projection;
      }
      return;
    }
    window.JassProjection(document, waiting, JSON.parse(box.dataset.rules), swap, box.dataset.projected);
  }

  // Why it waits: refused and back in the panel, or behind the one that is; this link dead.
  function why(entry) {
    const back = held();
    if (entry.unsent) return entry.unsent;
    if (back === entry) return say("back", entry.place);
    if (back) return say("behind", back.place);
    return gone ? say("gone") : say("wait");
  }

  function pending(entry) {
    const li = document.createElement("li");
    li.className = "pending";
    const stuck = entry.unsent || entry.back;
    [entry.place, entry.text, why(entry)].forEach(function (text, i) {
      li.appendChild(document.createElement("span")).textContent = text;
      li.lastChild.className = ["n", "what", stuck ? "wait unsent" : "wait"][i];
    });
    if (stuck && list.includes(entry)) {
      const drop = li.appendChild(document.createElement("button"));
      drop.className = "button";
      drop.type = "button";
      drop.textContent = say("drop");
      drop.onclick = function () {
        forget(entry).then(async function () {
          halted = false; // the ones after it go on
          const form = document.querySelector("form[data-queue]");
          if (entry.back && form) {
            // The panel lets it go too: the game's own, fresh (the refused one has what was
            // typed as its defaults, its team and trump among them); without network emptied.
            try {
              const live = (await state()).doc.getElementById("live");
              htmx.swap("#live", live.outerHTML, { swapStyle: "outerHTML" });
            } catch (error) {
              clear(form, true);
            }
          }
          ahead(); // one fewer waits: the panel's number, Vorhand and team go back one
          show();
          send();
        });
      };
    }
    return li;
  }

  // Every answer is a whole page (no htmx): the state after the request.
  async function page(url, options) {
    const answer = await fetch(url || game, options || { cache: "no-store" });
    const doc = new DOMParser().parseFromString(await answer.text(), "text/html");
    return { status: answer.status, doc: doc, marks: (doc.getElementById("live") || box).dataset };
  }

  // The game as it stands; an answer that is not the game's page (a server restarting, a
  // Wi-Fi's login page, the game gone) is no answer: everything stays kept.
  // A 404 is this link dead (new links made, or the game deleted): the entries wait for the
  // game's page under its new link (or the game back from the bin), and their rows say so.
  async function state() {
    const now = await page();
    const dead = !now.doc.getElementById("live") && now.status === 404;
    if (dead && !gone) {
      const note = document.createElement("p");
      note.className = "error";
      note.setAttribute("role", "alert");
      note.textContent = say("gone");
      document.getElementById("flash").replaceChildren(note);
    }
    gone = dead;
    if (!now.doc.getElementById("live")) throw new Error("not the game's page");
    adopt(now.marks.game);
    return now;
  }

  // Entries of this game kept under another of its links go to this one, now that the server
  // has answered it with the same game; any other entry stays out of this page's queue.
  function adopt(same) {
    list = list.filter(function (entry) {
      if (entry.game === game) {
        if (!entry.ident && same) {
          entry.ident = same;
          keep(entry);
        }
        return true;
      }
      const action = moved(entry);
      if (!same || entry.ident !== same || !action) return false;
      entry.game = game;
      entry.action = action;
      keep(entry);
      return true;
    });
  }

  function post(url, entry, seen, doc) {
    const body = new URLSearchParams(entry.fields);
    body.set("once", entry.once);
    body.set("seen", seen);
    body.set("csrf_token", doc.querySelector("[name=csrf_token]").value);
    if (entry.numbered) body.set("number", entry.place);
    return page(url, { method: "POST", body: body });
  }

  // Theirs replaced by mine, if the game is still as the question showed it (`version`): the
  // edit page's fingerprint of that place is then the one the table saw. Null when another
  // phone changed the game meanwhile: the table is asked again, on what stands now.
  async function instead(entry, row, version) {
    const url = row.querySelector("a[href]").href;
    const edit = await page(url);
    if ((await state()).marks.version !== version) return null;
    // The edit page's form posts to the page itself, or (a club table) is its panel.
    const form = edit.doc.querySelector('form[action="' + new URL(url).pathname + '"]') ||
      edit.doc.getElementById("panel");
    const to = new URL(form.getAttribute("action"), url).href;
    return post(to, entry, form.elements.seen.value, edit.doc);
  }

  // Both entries, theirs as the server shows it, and the table's answer.
  function ask(entry, doc) {
    const theirs = doc.getElementById("row-" + entry.place);
    if (!theirs) return ["both"];
    document.getElementById("history").replaceWith(document.importNode(doc.getElementById("history"), true));
    show();
    const card = document.createElement("section");
    card.className = "card question queue-ask";
    card.setAttribute("role", "alertdialog");
    const sheet = theirs.closest(".sheet"); // lays out Differenzler's rows
    [say("ask", entry.place), say("theirs"), theirs, say("mine"), pending(entry)].forEach(function (part, i) {
      const elt = card.appendChild(document.createElement(i % 2 ? "p" : i ? "ol" : "b"));
      if (i && !(i % 2)) {
        elt.className = sheet ? sheet.className : "";
        elt.appendChild(document.importNode(part, true));
      } else elt.textContent = part;
    });
    document.getElementById("flash").replaceChildren(card);
    card.scrollIntoView({ block: "center" });
    return new Promise(function (answer) {
      ["both", "replace", "drop"].forEach(function (choice) {
        if (choice === "replace" && (entry.one || !theirs.querySelector("a[href]"))) return;
        const button = card.appendChild(document.createElement("button"));
        button.className = "button" + (choice === "both" ? " primary" : "");
        button.id = "queue-" + choice;
        button.textContent = say(choice);
        button.onclick = function () {
          card.remove();
          answer([choice, theirs]);
        };
      });
    });
  }

  async function send() {
    if (busy || halted || !list.length) return;
    busy = true;
    let done = false;
    try {
      let now = await state();
      while (list.length) {
        const entry = list[0];
        if (entry.seen === null || entry.refused) {
          // Not based on the state now: has another phone's entry taken its place?
          const seen = now.marks.seen;
          // An entry naming its own place (a cell) is never in another's: the server says if
          // that place was taken meanwhile.
          const taken = entry.place <= count(seen) && !entry.own;
          const choice = taken ? await ask(entry, now.doc) : ["both"];
          entry.refused = false;
          if (choice[0] === "drop") {
            await forget(entry);
            done = true;
            continue;
          }
          if (choice[0] === "replace") {
            const before = now.marks.version;
            const answer = await instead(entry, choice[1], before);
            // Refused: changed since the question, 409, or back to the game as it was.
            if (answer && answer.status === 200 && answer.marks.version !== before) {
              now = answer;
              await forget(entry);
              done = true;
            } else if (answer && answer.status === 422) {
              // Mine refused as it stands (points that do not add up): kept, and said why.
              halted = true;
              unsent(entry, answer.doc);
              break;
            } else {
              entry.refused = true;
              now = await state();
            }
            continue;
          }
          entry.seen = seen;
          entry.place = count(seen) + 1;
        }
        const answer = await post(moved(entry), entry, entry.seen, now.doc);
        const live = answer.doc.getElementById("live");
        // A 409 means another phone wrote first: asked about above. The same 409 again with
        // nothing changed is a refusal like any other.
        const again = answer.status === 409 && entry.conflict === now.marks.version;
        if (answer.status === 409 && !again) {
          entry.refused = true;
          entry.conflict = now.marks.version;
          now = await state();
        } else if (answer.status >= 500 || (answer.status === 200 && !live)) {
          // The server (or a proxy before it) failed, or a Wi-Fi's login page answered: kept,
          // sent again with the next try.
          break;
        } else if (answer.status !== 200 && !(live && live.querySelector("form[data-queue]"))) {
          // Refused with no panel to put it back in (the game deleted or decided, the Passe
          // handed in meanwhile): kept, and said, with a button to let it go; the game's page
          // as it now stands, if the answer is one.
          halted = true;
          if (live) htmx.swap("#live", live.outerHTML, { swapStyle: "outerHTML" });
          // Said in the entry's row; in the flash too, unless the page put in says it itself.
          unsent(entry, answer.doc, !(live && live.querySelector("[role=alert]")));
          break;
        } else if (answer.status !== 200) {
          // Refused (the cell taken, the points do not add up): back in the panel, with why.
          // Kept until the panel saves it or the table drops it: the ones after it wait for it
          // (sent now, they would take its number and the hands after it theirs).
          halted = true;
          htmx.swap("#live", live.outerHTML, { swapStyle: "outerHTML" });
          entry.back = true;
          await keep(entry);
          break;
        } else {
          // Stored (or before): the next is based on the state after it.
          now = answer;
          done = true;
          const next = list[1];
          if (next) {
            next.seen = now.marks.seen;
            next.place = count(next.seen) + 1;
            await keep(next);
          }
          await forget(entry);
        }
      }
    } catch (error) {} // no answer: all stays kept
    busy = false;
    show();
    if (done && !halted && !list.length) location.reload();
  }

  // Said where the entry waits (its row) and in the flash (`flash`), which a poll may take over.
  function unsent(entry, doc, flash = true) {
    const why =
      doc.getElementById("error-page") || doc.querySelector("#live .error, main .error, main .question b");
    entry.unsent = say("unsent", entry.place).replace("{why}", why ? why.textContent.trim() : "");
    const said = document.getElementById("flash");
    if (!flash) {
      said.replaceChildren(); // "… wartet auf diesem Handy" no longer holds
      return;
    }
    const note = document.createElement("p");
    note.className = "error";
    note.setAttribute("role", "alert");
    note.textContent = entry.unsent;
    said.replaceChildren(note);
  }

  function queueable(form, data) {
    // A panel's entry, not one of its steps (Differenzler's next player, Handjass's Weis).
    return form.matches("form[data-queue]") && (data.get("action") || "save") === "save";
  }

  window.addEventListener(
    "submit",
    function (event) {
      const form = event.target;
      const data = new FormData(form, event.submitter);
      if (!queueable(form, data)) return;
      if (navigator.onLine && !copy && (halted || !list.length)) {
        const back = held();
        if (back) {
          // The refused one, corrected, goes online: kept as it now is, with the panel's token
          // and fingerprint, until it is answered (sent again, it lands once: "Schon
          // gespeichert"), and the ones after it after it.
          back.fields = fields(data);
          back.text = summary(form, data);
          back.once = data.get("once");
          back.seen = data.get("seen") || "0";
          back.place = count(back.seen) + 1;
          renumber();
          list.forEach(keep);
          show();
        }
        return;
      }
      event.preventDefault();
      event.stopPropagation(); // neither htmx nor offline.js
      take(form, data);
    },
    true,
  );

  document.addEventListener("htmx:sendError", function (event) {
    const config = event.detail.requestConfig;
    if (event.detail.elt.matches("[data-preview]")) blank(event.detail.elt.closest("form"));
    if (config.verb === "post" && queueable(event.detail.elt, config.formData)) {
      take(event.detail.elt, config.formData, config.formData.get("once"));
    }
  });

  // The network answers again (a poll, a form): send what waits. A form saved: the one refused
  // back into the panel is saved with it (the panel's save) or the panel let go of it (an undo
  // swapped in another): then it is sent again, first, and comes back if refused again; a step
  // of the panel itself (a Weis added) keeps it there.
  document.addEventListener("htmx:afterRequest", function (event) {
    const xhr = event.detail.xhr;
    const config = event.detail.requestConfig;
    if (!xhr.status || xhr.getResponseHeader("Jass-Offline-Copy")) return;
    if (xhr.status < 300 && config.verb === "post") {
      const back = held();
      const form = config.elt; // the event's own element is <main> once #live was replaced
      // A 200 that is not the game's page (a Wi-Fi's login page) stored nothing known.
      if (back && !/id="live"/.test(xhr.responseText)) return;
      if (back && queueable(form, config.formData)) forget(back);
      else if (back && form.closest("form[data-queue]")) return;
      else if (back) back.back = false;
      halted = false;
    }
    send();
  });
  // A form's answer puts a panel for the state after it: it moves on past what still waits.
  document.addEventListener("htmx:afterSettle", function (event) {
    const config = event.detail.requestConfig;
    const xhr = event.detail.xhr;
    if (config && config.verb === "post" && list.length && !held()) ahead();
    show();
    if (config && config.verb === "post" && xhr.status < 300 && !xhr.getResponseHeader("Jass-Offline-Copy")) {
      keepCopy();
    }
  });

  // The page as the server's answers left it, for the worker's copy (/sw.js): what this script
  // and offline.js put in it goes (kept entries are drawn again from IndexedDB), and the panel
  // is the server's own, for the state shown.
  function keepCopy() {
    const worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (!worker || copy) return;
    const page = document.documentElement.cloneNode(true);
    page.querySelectorAll(".pending, #flash > *").forEach((e) => { e.remove(); });
    page.querySelector("#net").replaceChildren();
    page.querySelectorAll("#history .empty, #net").forEach((e) => { e.hidden = e.id === "net"; });
    page.querySelectorAll("[inert]").forEach((e) => { e.removeAttribute("inert"); });
    page.removeAttribute("data-awake");
    restore(page);
    ahead(page);
    worker.postMessage({ page: location.href, html: "<!DOCTYPE html>\n" + page.outerHTML });
  }
  window.addEventListener("online", send);
  // A pub's Wi-Fi may be "connected" and still carry nothing: no "online" comes, and a page
  // without a poll (a club table) asks again by itself while something waits.
  setInterval(function () {
    if (list.length) send();
  }, 5000);

  // This link's entries, and those kept for this game under an old link (new links were made):
  // shown here, and sent here once the server answers this link with the same game. One
  // refused back into a panel is sent again first: refused again, it is back in this one.
  store((s) => s.getAll()).then(function (all) {
    const same = ident();
    list = all.filter((e) => e.game === game || (same && e.ident === same));
    list.forEach(function (e) {
      delete e.back;
      delete e.unsent;
    });
    if (list.length) ahead();
    show();
    send();
  });
})();

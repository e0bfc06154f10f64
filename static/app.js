// The entry panel's keypad, and the slate's view switches. The server decides every score, the
// previews on the contract buttons too; this only fills the form faster.
(function () {
  "use strict";

  const VIEWS = ["upright", "no-z", "full-slate"];

  // Whether an htmx event belongs to a request of the page's own, not the writer's: a preview
  // of what is typed, or a poll of the board. Asked of the element that sent the request: the
  // events of its swap come from the elements swapped (a preview's target is the form's #live,
  // its answer's out-of-band buttons), which say nothing of where the request came from.
  window.Jass = {
    background: function (event) {
      const config = event.detail.requestConfig;
      const elt = config ? config.elt : event.detail.elt;
      return Boolean(elt && elt.matches && elt.matches("[data-preview], [data-poll]"));
    },
  };

  function applyViews() {
    for (const view of VIEWS) {
      const on = localStorage.getItem("jass-view-" + view) === "1";
      document.documentElement.classList.toggle(view, on);
      document.querySelectorAll('[data-toggle="' + view + '"]').forEach(function (b) {
        b.setAttribute("aria-pressed", on ? "true" : "false");
      });
    }
  }

  function number(input) {
    const text = input ? input.value.trim() : "";
    return /^\d+$/.test(text) ? parseInt(text, 10) : 0;
  }

  // A value set by a tap, not by typing: tell the form (and its previews) as typing would.
  function typed(input) {
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function updatePanel(panel) {
    panel.querySelector(".match-key").classList.toggle("on", panel.querySelector('[name="match"]').checked);
  }

  function initPanels(root) {
    root.querySelectorAll("form.panel").forEach(function (panel) {
      if (window.matchMedia("(pointer: coarse)").matches) {
        // The keypad is there; the phone's own keyboard would only cover it.
        panel.querySelector('[name="points"]').setAttribute("readonly", "");
      }
      updatePanel(panel);
    });
  }

  // A link to share: the phone's own share sheet where it has one, else the clipboard. What it
  // says comes with the button, in the page's language.
  function share(button) {
    const url = button.dataset.share;
    const said = function (text) {
      button.textContent = text;
    };
    if (navigator.share) {
      navigator.share({ title: button.dataset.shareTitle, url: url }).catch(function () {});
    } else if (navigator.clipboard) {
      navigator.clipboard.writeText(url).then(
        function () { said(button.dataset.copied); },
        function () { said(button.dataset.copyFailed); }
      );
    } else {
      said(button.dataset.noClipboard);
    }
  }

  document.addEventListener("click", function (event) {
    const sharing = event.target.closest("[data-share]");
    if (sharing) {
      share(sharing);
      return;
    }
    const toggle = event.target.closest("[data-toggle]");
    if (toggle) {
      const key = "jass-view-" + toggle.dataset.toggle;
      localStorage.setItem(key, localStorage.getItem(key) === "1" ? "0" : "1");
      applyViews();
      return;
    }
    const panel = event.target.closest("form.panel");
    if (!panel) return;
    const digit = event.target.closest("[data-digit]");
    if (digit) {
      const input = panel.querySelector('[name="points"]');
      panel.querySelector('[name="match"]').checked = false;
      if (input.dataset.replace) {
        // A stored value on the edit page: the first tap starts a new number, not a longer one.
        delete input.dataset.replace;
        input.value = "";
      }
      if (digit.dataset.digit === "back") {
        input.value = input.value.slice(0, -1);
      } else if (input.value.length < 3) {
        input.value = (input.value === "0" ? "" : input.value) + digit.dataset.digit;
      }
      updatePanel(panel);
      typed(input);
      return;
    }
    const chip = event.target.closest("[data-weis]");
    if (chip) {
      const input = panel.querySelector('[name="' + chip.dataset.weis + '"]');
      const add = +chip.dataset.add;
      input.value = add ? String(number(input) + add) : "";
      updatePanel(panel);
      typed(input);
    }
  });

  document.addEventListener("change", function (event) {
    // Handjass: a player who drops out has no points; clear what was typed for them.
    if (event.target.matches('.deal input[type=radio][value=out]') && event.target.checked) {
      event.target.closest(".player-row").querySelectorAll("input[inputmode]").forEach(function (i) {
        i.value = "";
      });
    }
    const panel = event.target.closest("form.panel");
    if (!panel) return;
    if (event.target.name === "match" && event.target.checked) {
      panel.querySelector('[name="points"]').value = "";
    }
    updatePanel(panel);
  });

  // While a save is on its way, no preview of what was typed: one sent before it, or by the
  // typing's short delay just after the tap, would land after the save's answer and show the
  // old hand's scores on the panel of the next. The answer's panel is scored afresh.
  document.addEventListener("htmx:beforeRequest", function (event) {
    const elt = event.detail.elt;
    if (!elt.matches) return;
    if (elt.matches("[data-preview]")) {
      const form = elt.closest("form.panel");
      if (form && form.dataset.saving) event.preventDefault();
    } else if (elt.matches("form.panel")) {
      elt.dataset.saving = "1";
      const preview = elt.querySelector("[data-preview]");
      if (preview) htmx.trigger(preview, "htmx:abort");
    }
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    const elt = event.detail.elt;
    if (elt.matches && elt.matches("form.panel")) delete elt.dataset.saving;
  });

  // A hand saved from a plain panel: the page keeps its panel, and the answer brought what moves
  // on (the next Vorhand, the team its points go to, the dealer, the tokens). What was typed
  // goes, as in a fresh panel; so do the values a refusal sent back as the fields' defaults
  // (a form.reset(), as static/queue.js does, must not bring them back).
  document.addEventListener("panel-kept", function (event) {
    const panel = event.target;
    panel.querySelectorAll("input[inputmode=numeric]").forEach(function (i) {
      i.defaultValue = "";
      i.value = "";
    });
    panel.querySelectorAll("input[type=checkbox]").forEach(function (i) {
      i.defaultChecked = false;
      i.checked = false;
    });
    panel.querySelectorAll("output, .preview").forEach(function (e) { e.textContent = ""; });
    panel.querySelectorAll(".error").forEach(function (e) { e.remove(); });
    panel.querySelectorAll("[aria-invalid]").forEach(function (e) {
      e.removeAttribute("aria-invalid");
      e.removeAttribute("aria-describedby");
    });
    panel.querySelectorAll("details.extras").forEach(function (d) { d.open = false; });
    updatePanel(panel);
  });

  // "Weis · Stöck" opened: the page moves up so far that its rows and the contracts below them
  // are on the screen, a hand with Weis being the chips and a contract without a swipe; never so
  // far that the top of the Weis rows or of the contracts leaves the screen.
  document.addEventListener(
    "toggle",
    function (event) {
      const extras = event.target;
      if (!extras.matches || !extras.matches("form.panel details.extras") || !extras.open) return;
      const contracts = extras.closest("form").querySelector(".contracts");
      if (!contracts) return;
      const a = extras.getBoundingClientRect();
      const b = contracts.getBoundingClientRect();
      const want = Math.max(a.bottom, b.bottom) - window.innerHeight + 8;
      const room = Math.min(a.top, b.top) - 4;
      const by = Math.min(want, room);
      if (by > 0) window.scrollBy(0, by);
    },
    true,
  );

  // A second tap on a contract just after a save lands on the fresh panel: until anything is
  // typed there, for a moment it does nothing, so the writer never sees a refusal of a hand that
  // was in fact saved. (A tap while the save is still on its way is dropped by htmx: hx-sync on
  // the panel.) The same for a second tap on "Zurück" just after an undo: it would take back a
  // second hand, or land on the redo the answer put in its place. (An undo tapped just after a
  // save is meant: nothing else was there to tap twice.)
  const CALM_MS = 900;
  let savedAt = 0;
  let undoneAt = 0;
  function touched(event) {
    if (event.target.closest && event.target.closest("form.panel") && !event.target.closest("button.contract")) {
      savedAt = 0;
    }
  }
  ["input", "change", "pointerdown"].forEach(function (type) {
    document.addEventListener(type, touched, true);
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    const config = event.detail.requestConfig;
    const posted = config && config.verb === "post";
    const saved = event.detail.xhr && event.detail.xhr.status === 200; // not a refusal (409, 422)
    if (posted && saved && event.detail.target && event.detail.target.id === "live") {
      savedAt = Date.now();
      if (config.elt.matches && config.elt.matches("form.undo")) undoneAt = savedAt;
    }
  });
  document.addEventListener(
    "click",
    function (event) {
      const now = Date.now();
      const again =
        (event.target.closest("form.panel button.contract") && now - savedAt < CALM_MS) ||
        (event.target.closest("form.undo button") && now - undoneAt < CALM_MS);
      if (again) {
        event.preventDefault();
        event.stopPropagation();
      }
    },
    true,
  );

  document.addEventListener("keydown", function (event) {
    // The slate is a button too: Enter or Space makes it whole or compact.
    const toggle = event.target.closest('[data-toggle][role="button"]');
    if (toggle && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      toggle.click();
    }
  });

  // A question before a step that decides or deletes, asked in the page in the table's words
  // (never the browser's dialog, which covers the page and speaks the phone's language): the
  // form's data-confirm, or htmx's hx-confirm. Without script the form goes straight through.
  function ask(form, question, go) {
    const open = document.getElementById("asked");
    if (open) open.remove();
    const box = document.getElementById("ask").content.firstElementChild.cloneNode(true);
    box.id = "asked";
    box.querySelector("[data-question]").textContent = question;
    box.querySelector("[data-yes]").addEventListener("click", function () {
      box.remove();
      go();
    });
    box.querySelector("[data-no]").addEventListener("click", function () {
      box.remove();
      form.querySelector("button, [type=submit]")?.focus();
    });
    form.after(box);
    box.scrollIntoView({ block: "nearest" });
    box.querySelector("[data-yes]").focus();
  }

  document.addEventListener("submit", function (event) {
    const form = event.target;
    if (!form.dataset.confirm || form.dataset.asked) return;
    event.preventDefault();
    const submitter = event.submitter;
    ask(form, form.dataset.confirm, function () {
      form.dataset.asked = "yes";
      form.requestSubmit(submitter && submitter.form === form ? submitter : undefined);
      delete form.dataset.asked;
    });
  });

  document.addEventListener("htmx:confirm", function (event) {
    if (!event.detail.question) return;
    event.preventDefault();
    ask(event.detail.elt, event.detail.question, function () {
      event.detail.issueRequest(true);
    });
  });

  // No answer at all (the pub's Wi-Fi is gone): static/offline.js says so and keeps the entry.
  // An error page that is not the app's (a proxy's 502 while the app restarts, or its 504;
  // the app's own name their place, HX-Retarget) is no answer either: swapped, it would take the
  // place of #live (or empty it, where the form selects #live). Nothing of it is swapped, and
  // it goes the way of no answer: a panel's entry is kept by static/queue.js and sent by itself
  // with its one-time token (a 504's may have landed: it lands once), any other form keeps what
  // was typed and static/offline.js says nothing was saved. After htmx is done with it: its
  // htmx:afterRequest would take back what offline.js says. (The queue's own sends go with
  // fetch: no htmx event fires for them.)
  document.addEventListener("htmx:beforeSwap", function (event) {
    const detail = event.detail;
    if (!detail.isError || detail.xhr.getResponseHeader("HX-Retarget")) return;
    detail.shouldSwap = false;
    setTimeout(function () { htmx.trigger(detail.requestConfig.elt, "htmx:sendError", detail); });
  });

  // The set-up's rules are refilled when the deck or the preset changes: say which one did.
  document.addEventListener("htmx:configRequest", function (event) {
    const trigger = event.detail.triggeringEvent;
    if (event.detail.elt.id === "rules" && trigger && trigger.target) {
      event.detail.parameters.changed = trigger.target.name;
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    applyViews();
    initPanels(document);
    // A form sent back with a refusal: open at the first message, not at the top.
    const error = document.querySelector("main .error");
    if (error) error.scrollIntoView({ block: "center" });
  });
  document.addEventListener("htmx:load", function (event) {
    applyViews();
    initPanels(event.target);
  });

  // After a swap, show what matters: the first message if something was refused, otherwise
  // the slate with the panel for the next entry below it (the totals where there is no board).
  document.addEventListener("htmx:afterSettle", function (event) {
    if (Jass.background(event)) return; // a preview or a poll: the writer may be anywhere
    // After an outerHTML swap the event's element is the old one; the page holds the new.
    const error = document.querySelector("main .error");
    if (error) {
      error.scrollIntoView({ block: "center" });
      return;
    }
    // Slate and panel fit one screen: show them from the top, the chalk included.
    const board = document.querySelector("main #live .board");
    const figures = document.querySelector("main .figures");
    if (board) window.scrollTo(0, 0);
    else if (figures) figures.scrollIntoView({ block: "start" });
  });
})();

// The screen stays on while a game's page is open (Screen Wake Lock API), unless this phone was
// told otherwise on "Dieses Handy" (kept in localStorage). The browser lets go of the lock when
// the page is hidden; it is asked for again when the page is visible again.
(function () {
  "use strict";

  const KEY = "jass-wach";
  const able = "wakeLock" in navigator;
  let lock = null;
  let asking = false; // a request on its way: load and visibilitychange may come together

  function wanted() {
    try {
      return localStorage.getItem(KEY) !== "0";
    } catch (error) {
      return true;
    }
  }

  // <html data-awake> while the lock is held: for the tests, and a reader of the page.
  function show() {
    document.documentElement.toggleAttribute("data-awake", Boolean(lock));
  }

  async function hold() {
    const game = document.body.hasAttribute("data-game");
    if (!able || !game || !wanted() || lock || asking || document.visibilityState !== "visible") {
      return;
    }
    asking = true;
    try {
      lock = await navigator.wakeLock.request("screen");
      lock.addEventListener("release", function () {
        lock = null;
        show();
      });
    } catch (error) {
      lock = null; // refused (battery saver, a hidden page): the screen goes dark as usual
    }
    asking = false;
    show();
  }

  // The switch on "Dieses Handy".
  function setUp(box) {
    const hint = document.getElementById("wake-hint");
    box.checked = able && wanted();
    box.disabled = !able;
    if (!able && hint) {
      // The words come with the page, in its language.
      hint.textContent = window.isSecureContext ? hint.dataset.missing : hint.dataset.insecure;
    }
    box.addEventListener("change", function () {
      localStorage.setItem(KEY, box.checked ? "1" : "0"); // the next game page follows it
    });
  }

  document.addEventListener("visibilitychange", hold);
  const box = document.getElementById("wake-switch");
  if (box) setUp(box);
  hold();
})();

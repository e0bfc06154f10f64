// Without network at the table. Registers the service worker (/sw.js: it keeps the app and the
// last state of every page opened), and on every page:
// - says at the top that there is no network, when the phone says so (offline), when a request
//   gets no answer (htmx:sendError), or when the worker had to answer from its copy;
// - on a page opened from that copy, says that it shows the last known state, and when;
// - sends no form while the phone is offline: nothing is saved, and the page says so where the
//   server's messages appear; what was typed stays for one more tap;
// - when the network is back, loads the page again to show the stored state; only where
//   something typed is still unsent, the page stays and the board catches up (its poll).
// An entry panel's entry is not lost there: static/queue.js takes it before this script sees it,
// keeps it and sends it later; `unsent` is for every other form (undo, a step, a setting).
(function () {
  "use strict";

  const worker = document.currentScript && document.currentScript.dataset.worker;
  if (worker && "serviceWorker" in navigator) {
    // Refused over plain HTTP on the table's Wi-Fi: then the app works as before, online only.
    navigator.serviceWorker.register(worker, { scope: "/" }).catch(function () {});
    navigator.serviceWorker.ready.then(function (registration) {
      if (!navigator.serviceWorker.controller && registration.active) {
        registration.active.postMessage("claim"); // taken over too late: see /sw.js
      }
    });
  }

  const MARK = "Jass-Offline-Copy"; // the worker's header on an answer from its copy
  const copy = document.documentElement.dataset.offlineCopy; // this page came from the copy
  let known = copy ? new Date(copy) : null; // the time of the newest state shown
  let down = false; // the network failed and has not answered since
  let typed = false; // typed into a form since the server last took one

  // What this script says comes with the page, in its language (base.html, #net and #flash).
  function words(name) {
    const box = document.getElementById("net");
    return (box && box.dataset[name]) || "";
  }

  function clock(date) {
    const time = date.toLocaleTimeString("de-CH", { hour: "2-digit", minute: "2-digit" });
    const at = words("today").replace("{time}", time).replace(/ (?=\S+$)/, "\u00a0");
    if (date.toDateString() === new Date().toDateString()) return at;
    const day = date.toLocaleDateString("de-CH", { day: "numeric", month: "numeric" });
    return words("day").replace("{day}", day).replace("{time}", time).replace(/ (?=\S+$)/, "\u00a0");
  }

  function notice(text) {
    const box = document.getElementById("net");
    if (!box) return;
    box.textContent = text;
    box.hidden = !text;
  }

  function lost() {
    down = true;
    if (copy === undefined) {
      notice(words("lost"));
      return;
    }
    const when = known && !isNaN(known) ? clock(known) : "";
    notice(words("copy").replace(" {when}", when ? " " + when : ""));
  }

  // The network answers again. A copy is loaded again, and so is a live page, unless that
  // would lose something typed, or the answer was a form's, which brought the fresh state.
  function back(fresh) {
    if (!down && copy === undefined) return;
    // An answer still on its way when the network went (a preview, a poll): the phone is still
    // offline, and a reload now would only bring the worker's older copy of the page.
    if (!navigator.onLine) return;
    down = false;
    if (copy !== undefined || (!typed && !fresh)) {
      location.reload();
      return;
    }
    notice("");
    const message = document.getElementById("error-offline");
    if (message) {
      message.textContent = words("back");
    }
  }

  // Where the server's messages appear: nothing of this was saved.
  function unsent() {
    const flash = document.getElementById("flash");
    if (!flash) return;
    flash.innerHTML = "";
    const box = document.createElement("div");
    box.className = "card flash-message";
    box.setAttribute("role", "alert");
    const text = document.createElement("p");
    text.className = "error";
    text.id = "error-offline";
    text.textContent = flash.dataset.offline;
    box.appendChild(text);
    flash.appendChild(box);
    flash.scrollIntoView({ block: "center" });
  }

  window.addEventListener("offline", lost);
  window.addEventListener("online", function () {
    back(false);
  });

  ["input", "change"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      if (event.target.form) typed = true;
    });
  });

  // Offline, or on a copy (its one-time tokens may be spent already): no form leaves the page.
  document.addEventListener(
    "submit",
    function (event) {
      if (navigator.onLine && copy === undefined) return;
      event.preventDefault();
      event.stopPropagation(); // htmx listens on the form itself
      if (navigator.onLine) {
        location.reload(); // the copy, with the network back: the stored state first
        return;
      }
      unsent();
      lost();
    },
    true,
  );

  // No answer at all (the pub's Wi-Fi is gone): the panel keeps what was typed, so one more
  // tap sends it when the connection is back.
  document.addEventListener("htmx:sendError", function (event) {
    if (!Jass.background(event)) unsent(); // not a preview's or a poll's
    lost();
  });

  // A board from the worker's copy replaces the one shown only if it is newer: the copy of the
  // page may be older than the last board this phone polled, or the other way round.
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!event.detail.xhr.getResponseHeader(MARK)) return;
    const shown = document.getElementById("tafel");
    const kept = /data-version="(\d+)"/.exec(event.detail.serverResponse || "");
    if (!shown || !kept || +kept[1] <= +shown.dataset.version) {
      event.detail.shouldSwap = false;
      return;
    }
    const at = new Date(event.detail.xhr.getResponseHeader(MARK));
    if (!isNaN(at) && (!known || at > known)) known = at;
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    const xhr = event.detail.xhr;
    if (!xhr || !xhr.status) return;
    if (xhr.getResponseHeader(MARK)) {
      lost(); // the worker answered from its copy (or had none): the network is still gone
      return;
    }
    // An answer from the server: an old "no connection" no longer holds.
    const config = event.detail.requestConfig;
    const posted = Boolean(config && config.verb === "post");
    if (posted && xhr.status < 300) typed = false;
    if (!Jass.background(event)) {
      const message = document.getElementById("error-offline");
      if (message) message.closest("#flash").innerHTML = "";
    }
    back(posted);
  });

  if (copy !== undefined || navigator.onLine === false) lost();
})();

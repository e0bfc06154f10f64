// Differenzler's round panel: one tap writes in the rest the server worked out for the player left
// blank, and the page looks at the step it is on. Without this script a blank field gets the rest
// when the round is saved.
(function () {
  "use strict";

  // The rest button carries the engine's rest: one tap writes it in, and the form (and its rest
  // box) hears of it as if it was typed.
  document.addEventListener("click", function (event) {
    const fill = event.target.closest("#rest-fill");
    if (!fill) return;
    const input = document.getElementById(fill.dataset.target || "");
    if (input) {
      input.value = fill.dataset.rest;
      input.dispatchEvent(new Event("input", { bubbles: true }));
      const save = document.getElementById("save") || document.getElementById("save-edit");
      if (save) save.focus({ preventScroll: true });
    }
  });

  // After a step, look at the step: the next player's box (focused, so the keypad opens), or
  // the panel; after a saved round the standings with the word on what was saved.
  function look() {
    if (document.querySelector("main .error")) return; // app.js shows the message
    const ask = document.getElementById("said-input");
    const round = document.getElementById("round");
    if (ask) {
      round.scrollIntoView({ block: "start" });
      ask.focus({ preventScroll: true });
    } else if (document.getElementById("note")) {
      document.getElementById("live").scrollIntoView({ block: "start" });
    } else if (round) {
      round.scrollIntoView({ block: "start" });
    }
  }

  // The rest box, as the server works it out while points are typed, is put in place here and
  // never by htmx's out-of-band swap: an answer that comes when the panel has moved on (the
  // round saved meanwhile) finds no box and is dropped, without an error. The listener sits on
  // the asking element itself (its own target, hx-target="this", not the inherited #live):
  // once the panel moved on it is detached, and its events no longer reach the document.
  function placeRest(event) {
    event.detail.shouldSwap = false;
    const shown = document.getElementById("rest");
    if (!shown || event.detail.xhr.status !== 200) return;
    const page = new DOMParser().parseFromString(event.detail.serverResponse, "text/html");
    const box = page.getElementById("rest");
    if (!box) return;
    box.removeAttribute("hx-swap-oob");
    shown.replaceWith(box);
    htmx.process(box);
  }

  function guard(root) {
    const found = root.matches && root.matches("[data-rest]") ? [root] : [];
    found.concat(Array.from(root.querySelectorAll("[data-rest]"))).forEach(function (elt) {
      if (elt.dataset.restGuarded) return;
      elt.dataset.restGuarded = "1";
      elt.addEventListener("htmx:beforeSwap", placeRest);
    });
  }
  document.addEventListener("DOMContentLoaded", function () { guard(document); });
  document.addEventListener("htmx:load", function (event) { guard(event.target); });

  document.addEventListener("htmx:afterSettle", function (event) {
    if (Jass.background(event)) return; // the rest box, or a poll
    if (document.querySelector("#live.dz")) look();
  });
})();

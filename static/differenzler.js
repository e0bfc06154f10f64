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

  // The rest box asked for as points were typed comes late when the round was saved meanwhile:
  // the panel has moved on and has no rest box; the answer is no longer wanted.
  document.addEventListener("htmx:beforeSwap", function (event) {
    const elt = event.detail.elt;
    if (elt && elt.matches("[data-preview]") && !document.getElementById("rest")) {
      event.detail.shouldSwap = false;
    }
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    if (event.detail.elt && event.detail.elt.matches("[data-preview], [data-poll]")) return; // the rest box
    if (document.querySelector("#live.dz")) look();
  });
})();

// Handjass's deal panel: one tap writes in the rest of 157 the server worked out for the player
// left blank, and a question (points that do not add up, a tie's draw) is shown, not scrolled
// away. Without this script a blank field still gets the rest when the deal is saved.
(function () {
  "use strict";

  const QUESTIONS = "#question-sum, #draw.question";

  document.addEventListener("click", function (event) {
    // The rest button carries the engine's rest: one tap writes it in, and the form (and its
    // rest box) hears of it as if it was typed.
    const fill = event.target.closest("#rest-fill");
    if (fill) {
      const input = document.getElementById(fill.dataset.target || "");
      if (!input) return;
      input.value = fill.dataset.rest;
      input.dispatchEvent(new Event("input", { bubbles: true }));
      const save = document.getElementById("save-deal");
      if (save) save.focus({ preventScroll: true });
      return;
    }
    // "Korrigieren": the question goes, the points are there to be changed.
    const fix = event.target.closest("#question-fix");
    if (fix) {
      event.preventDefault();
      const input = document.getElementById(fix.getAttribute("href").slice(1));
      const question = document.getElementById("question-sum");
      if (question) question.remove();
      if (input) {
        input.scrollIntoView({ block: "center" });
        input.focus({ preventScroll: true });
        input.select();
      }
    }
  });

  // Points changed after the question: it no longer holds, and neither does a "save anyway".
  document.addEventListener("input", function (event) {
    const form = event.target.closest("form.deal");
    if (!form || !/^(cards|status)\d+$/.test(event.target.name || "")) return;
    const question = document.getElementById("question-sum");
    if (question) question.remove();
    form.querySelectorAll('input[type=hidden][name=confirm]').forEach(function (i) {
      i.remove();
    });
  });

  // A rest box that was on its way when the deal was sent comes after the question: the
  // question says it already, until the points change.
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "rest" && document.getElementById("question-sum")) {
      event.preventDefault();
    }
  });

  // A question waits for the table: show it (app.js shows a refusal, or the slate).
  function ask() {
    if (document.querySelector("main .error")) return;
    const question = document.querySelector(QUESTIONS);
    if (!question) return;
    question.setAttribute("tabindex", "-1");
    question.scrollIntoView({ block: "center" });
    question.focus({ preventScroll: true });
  }

  // A player who dropped out ("aus") has no points and no Weis: their fields are switched
  // off as soon as "aus" is tapped (app.js empties them), not refused only on save, and on
  // again with "spielt". A disabled field is not sent with the deal. Without this script the
  // fields stay on (handjass.css still greys them), and the server refuses points for "aus".
  const OUT_FIELDS = ".pts input, .declare-row input, .declare-row select, .declare-row button";

  function mark(row) {
    const out = Boolean(row.querySelector('input[type=radio][name^="status"][value=out]:checked'));
    row.classList.toggle("out", out);
    row.querySelectorAll(OUT_FIELDS).forEach(function (field) {
      field.disabled = out;
    });
    const declare = row.querySelector(".declare-row");
    if (out && declare) declare.open = false;
  }

  function markAll() {
    document.querySelectorAll("form.deal .player-row").forEach(mark);
  }

  document.addEventListener("change", function (event) {
    const row = event.target.closest("form.deal .player-row");
    if (row && /^status\d+$/.test(event.target.name || "")) mark(row);
  });

  document.addEventListener("DOMContentLoaded", function () {
    markAll();
    ask();
  });
  // A page from the back-forward cache keeps the radios as they were left.
  window.addEventListener("pageshow", markAll);
  document.addEventListener("htmx:afterSettle", function (event) {
    markAll(); // a fresh panel, or one sent back with a refusal: its "aus" as it was sent
    if (Jass.background(event)) return; // the rest box, or a poll
    ask();
  });
})();

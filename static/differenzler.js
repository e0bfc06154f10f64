// Differenzler's round panel: the rest of the round's points for the one player left blank
// (one tap writes it in), and where the page looks after a step. The server decides everything;
// without this script a blank field is filled with the rest when the round is saved.
(function () {
  "use strict";

  function whole(input) {
    const text = input ? input.value.trim() : "";
    return /^\d+$/.test(text) ? parseInt(text, 10) : null;
  }

  function update(form) {
    const inputs = Array.from(form.querySelectorAll('input[name^="points-"]'));
    const text = form.querySelector("#rest-text");
    const fill = form.querySelector("#rest-fill");
    if (!inputs.length || !text || !fill) return;
    if (!text.dataset.hint) text.dataset.hint = text.textContent;
    const weis = whole(form.querySelector("#weis")) || 0;
    const total = +form.dataset.total + weis;
    const blank = [];
    let sum = 0;
    let unreadable = false;
    inputs.forEach(function (input) {
      input.placeholder = input.dataset.placeholder || input.placeholder;
      input.dataset.placeholder = input.placeholder;
      if (!input.value.trim()) {
        blank.push(input);
      } else if (whole(input) === null) {
        unreadable = true;
      } else {
        sum += whole(input);
      }
    });
    fill.hidden = true;
    if (unreadable) {
      text.textContent = "Nur ganze Zahlen eintragen.";
    } else if (blank.length === 1) {
      const rest = total - sum;
      const name = blank[0].dataset.name;
      if (rest < 0) {
        text.textContent = "Die anderen haben schon " + sum + ", mehr als die " + total + " der Runde.";
      } else {
        text.textContent = "Rest für " + name + ": " + total + " − " + sum + " = " + rest;
        blank[0].placeholder = String(rest);
        fill.textContent = rest + " für " + name + " eintragen";
        fill.dataset.rest = String(rest);
        fill.dataset.target = blank[0].id;
        fill.hidden = false;
      }
    } else if (blank.length === 0) {
      text.textContent =
        sum === total ? "Zusammen " + sum + " ✓" : "Zusammen " + sum + ", nicht " + total + ": bitte prüfen.";
    } else {
      text.textContent = text.dataset.hint;
    }
  }

  function init(root) {
    root.querySelectorAll("form[data-total]").forEach(update);
  }

  document.addEventListener("input", function (event) {
    const form = event.target.closest("form[data-total]");
    if (form) update(form);
  });

  document.addEventListener("click", function (event) {
    const fill = event.target.closest("#rest-fill");
    if (!fill) return;
    const input = document.getElementById(fill.dataset.target || "");
    if (input) {
      input.value = fill.dataset.rest;
      update(fill.closest("form"));
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

  document.addEventListener("DOMContentLoaded", function () {
    init(document);
  });
  document.addEventListener("htmx:load", function (event) {
    init(event.target);
  });
  document.addEventListener("htmx:afterSettle", function () {
    if (document.querySelector("#live.dz")) look();
  });
})();

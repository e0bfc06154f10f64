// The big keypad of the panels with several number fields (Handjass's deal, Differenzler's
// round, Coiffeur's entry), as Schieber's panel and the claim page have it: it types into the
// field tapped last, which is outlined; to begin with into the first of the fields ↓ walks
// through (data-key="step") still blank. On a touch screen the phone's own keyboard stays
// shut (inputmode=none); without this script the fields are plain number fields.
(function () {
  "use strict";

  const FIELDS = "input[data-key]";
  // The choices that stand instead of points (Coiffeur's Match, gestrichen, Konter-Match):
  // a digit typed unticks them, and ticking one empties the points.
  const INSTEAD = "input[data-instead]";

  function keyed(form) {
    return form && form.querySelector(".keypad[data-keys]") ? form : null;
  }

  function fields(form) {
    return Array.from(form.querySelectorAll(FIELDS)).filter(function (i) {
      return !i.disabled && i.offsetParent !== null;
    });
  }

  function typingInto(form) {
    const shown = fields(form);
    const steps = shown.filter(function (i) { return i.dataset.key === "step"; });
    return (
      shown.find(function (i) { return i.classList.contains("typing"); }) ||
      steps.find(function (i) { return !i.value; }) ||
      steps[0] ||
      shown[0]
    );
  }

  function outline(form, input) {
    form.querySelectorAll(FIELDS).forEach(function (i) {
      i.classList.toggle("typing", i === input);
    });
  }

  // The field typed into, with its player's name, in sight above the keypad, which stays at
  // the foot of the screen (app.css, .dock) and may hide it.
  function reveal(form, input) {
    const row = input.closest(".player-row, .pts-row") || input;
    const dock = form.querySelector(".dock");
    const top = row.getBoundingClientRect().top;
    const bottom = input.getBoundingClientRect().bottom;
    const floor = dock && !dock.contains(input) ? dock.getBoundingClientRect().top : window.innerHeight;
    if (bottom > floor - 14) window.scrollBy(0, bottom - floor + 14);
    else if (top < 8) window.scrollBy(0, top - 8);
  }

  function pick(form, input, show) {
    if (!input) return;
    outline(form, input);
    if (show) reveal(form, input);
  }

  // A value set by a tap, not by typing: tell the form (its rest box) as typing would.
  function typed(input) {
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function type(form, key) {
    const input = typingInto(form);
    if (!input) return;
    if (key === "next") {
      const steps = fields(form).filter(function (i) { return i.dataset.key === "step"; });
      if (steps.length) pick(form, steps[(steps.indexOf(input) + 1) % steps.length], true);
      return;
    }
    outline(form, input);
    reveal(form, input);
    if (key === "back") {
      input.value = input.value.slice(0, -1);
    } else if (input.value.length < 3) {
      input.value = (input.value === "0" ? "" : input.value) + key;
    }
    form.querySelectorAll(INSTEAD).forEach(function (box) { box.checked = false; });
    typed(input);
  }

  // Where the number goes, when it is a choice of its own (Coiffeur's open cells, on the board
  // above the panel: data-pick): the panel names it, or says to choose (data-chosen).
  function name(form) {
    const line = form.querySelector("[data-chosen]");
    if (!line) return;
    const picked = Array.from(form.elements).find(function (e) {
      return e.matches("[data-pick]") && e.checked;
    });
    line.textContent = picked ? picked.getAttribute("aria-label") : line.dataset.chosen;
    line.classList.toggle("picked", Boolean(picked));
  }

  // Chosen on the board: the panel comes into sight, its keypad and its save.
  function bring(form) {
    const save = form.querySelector("[data-save]");
    if (!save) return;
    const bottom = save.getBoundingClientRect().bottom;
    if (bottom > window.innerHeight) window.scrollBy(0, bottom + 8 - window.innerHeight);
  }

  function setUp(root) {
    const forms = Array.from(root.querySelectorAll("form")).concat(root.matches && root.matches("form") ? [root] : []);
    forms.forEach(function (form) {
      if (!keyed(form)) return;
      if (window.matchMedia("(pointer: coarse)").matches) {
        // The keypad is there; the phone's own keyboard would only cover it.
        form.querySelectorAll(FIELDS).forEach(function (i) { i.setAttribute("inputmode", "none"); });
      }
      outline(form, typingInto(form));
      name(form);
      // The box to type into first, focused (no autofocus: htmx would focus it before this
      // shuts the phone's keyboard).
      const first = form.querySelector(FIELDS + "[data-focus]");
      if (first && !form.querySelector(".error")) first.focus({ preventScroll: true });
    });
  }

  document.addEventListener("click", function (event) {
    const key = event.target.closest(".keypad[data-keys] [data-digit]");
    const form = key && keyed(key.closest("form"));
    if (form) type(form, key.dataset.digit);
  });

  document.addEventListener("focusin", function (event) {
    const form = event.target.matches(FIELDS) && keyed(event.target.closest("form"));
    if (form) pick(form, event.target, false);
  });

  document.addEventListener("change", function (event) {
    const form = keyed(event.target.form || event.target.closest("form"));
    if (!form) return;
    if (event.target.matches("[data-pick]")) {
      name(form);
      bring(form);
    }
    if (event.target.matches(INSTEAD) && event.target.checked) {
      form.querySelectorAll(FIELDS).forEach(function (i) {
        i.value = "";
        typed(i);
      });
    }
    // A player out (handjass.js switches their fields off): on to a field still there.
    setTimeout(function () { outline(form, typingInto(form)); });
  });

  // The panel emptied for the next entry (static/queue.js): from the first field again.
  document.addEventListener("reset", function (event) {
    const form = keyed(event.target);
    if (!form) return;
    form.querySelectorAll(FIELDS).forEach(function (i) { i.classList.remove("typing"); });
    setTimeout(function () {
      outline(form, typingInto(form));
      name(form);
      // The box to type into first, focused (no autofocus: htmx would focus it before this
      // shuts the phone's keyboard).
      const first = form.querySelector(FIELDS + "[data-focus]");
      if (first && !form.querySelector(".error")) first.focus({ preventScroll: true });
    });
  });

  document.addEventListener("DOMContentLoaded", function () { setUp(document); });
  document.addEventListener("htmx:load", function (event) { setUp(event.target); });
})();

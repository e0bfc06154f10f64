// The claim page's keypad (templates/schieber/claim.html), as the panel's: it types into the
// points field tapped last; to begin with into the first trick points shown (the Weis, written
// before if at all, come after them). ↓ goes on to the next field, which is outlined.
(function () {
  "use strict";

  function fields(form) {
    const shown = Array.from(form.querySelectorAll("input[inputmode=numeric]")).filter(function (i) {
      return i.offsetParent !== null;
    });
    const weis = function (i) { return Boolean(i.closest(".weis")); };
    return shown.filter(function (i) { return !weis(i); }).concat(shown.filter(weis));
  }

  function typingInto(form) {
    const shown = fields(form);
    return shown.find(function (i) { return i.name === form.dataset.field; }) || shown[0];
  }

  function outline(form, input) {
    form.querySelectorAll("input[inputmode=numeric]").forEach(function (i) {
      i.classList.toggle("typing", i === input);
    });
  }

  function type(form, key) {
    let input = typingInto(form);
    if (!input) return;
    if (key === "next") {
      const shown = fields(form);
      input = shown[(shown.indexOf(input) + 1) % shown.length];
    } else if (key === "back") {
      input.value = input.value.slice(0, -1);
    } else if (input.value.length < 3) {
      input.value = (input.value === "0" ? "" : input.value) + key;
    }
    form.dataset.field = input.name;
    outline(form, input);
    input.dispatchEvent(new Event("input", { bubbles: true })); // typed, as by the keyboard
  }

  document.addEventListener("click", function (event) {
    const form = event.target.closest("form.claim");
    const key = form && event.target.closest("[data-digit]");
    if (key) type(form, key.dataset.digit);
  });

  document.addEventListener("focusin", function (event) {
    const form = event.target.closest("form.claim");
    if (form && event.target.matches("input[inputmode=numeric]")) {
      form.dataset.field = event.target.name;
      outline(form, event.target);
    }
  });

  // In the first trick or later: other fields are shown.
  document.addEventListener("change", function (event) {
    const form = event.target.closest("form.claim");
    if (form) outline(form, typingInto(form));
  });

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form.claim").forEach(function (form) {
      if (window.matchMedia("(pointer: coarse)").matches) {
        // The keypad is there; the phone's own keyboard would only cover it.
        form.querySelectorAll("input[inputmode=numeric]").forEach(function (i) {
          i.setAttribute("readonly", "");
        });
      }
      outline(form, typingInto(form));
    });
  });
})();

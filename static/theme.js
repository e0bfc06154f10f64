// The colours of this phone: light or the dark chalkboard, as the phone is set ("automatisch",
// the default) or as chosen on the page "Dieses Handy" (kept in localStorage). Loaded in <head>
// before the style sheet, so that the first paint is already right: <html data-theme="...">.
(function () {
  "use strict";

  const KEY = "jass-farben";
  const THEMES = { hell: "light", dunkel: "dark" }; // and "automatisch"
  const system = window.matchMedia("(prefers-color-scheme: dark)");
  // The status bar's colour of each theme, as base.html gives it per scheme.
  const bars = {};
  document.querySelectorAll('meta[name="theme-color"]').forEach(function (meta) {
    bars[meta.media.indexOf("dark") >= 0 ? "dark" : "light"] = meta.content;
  });

  function chosen() {
    try {
      const value = localStorage.getItem(KEY);
      return value === "hell" || value === "dunkel" ? value : "automatisch";
    } catch (error) {
      return "automatisch"; // no storage: follow the phone
    }
  }

  function apply() {
    const choice = chosen();
    const theme = THEMES[choice] || (system.matches ? "dark" : "light");
    document.documentElement.dataset.theme = theme;
    // A choice of its own overrides the phone's scheme: both metas give the chosen colour.
    document.querySelectorAll('meta[name="theme-color"]').forEach(function (meta) {
      const scheme = meta.media.indexOf("dark") >= 0 ? "dark" : "light";
      meta.content = bars[choice === "automatisch" ? scheme : theme];
    });
    // The switch on "Dieses Handy".
    document.querySelectorAll('input[name="farben"]').forEach(function (input) {
      input.checked = input.value === choice;
    });
  }

  system.addEventListener("change", apply);
  document.addEventListener("change", function (event) {
    if (event.target.name !== "farben") return;
    if (event.target.value === "automatisch") localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, event.target.value);
    apply();
  });
  document.addEventListener("DOMContentLoaded", apply);
  apply();
})();

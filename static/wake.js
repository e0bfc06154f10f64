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

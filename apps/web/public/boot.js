/* global document, requestAnimationFrame */
// Loads a server-rendered page's code once its HTML has painted
// (docs/decisions/0009-server-rendered-landing-pages.md). On a slow phone the
// page's text and pictures then have the connection to themselves; the code
// follows at once, and React brings the page to life where it stands.
// The server writes the module list into this tag's data attributes.
(function () {
  var tag = document.currentScript;
  var modules = JSON.parse(tag.getAttribute('data-modules') || '[]');
  var entry = tag.getAttribute('data-entry');
  var started = false;
  function append(element) {
    element.crossOrigin = '';
    document.head.appendChild(element);
  }
  function load() {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.src = entry;
    append(script);
    // Each hint in a task of its own: inserting a modulepreload costs the phone a
    // millisecond or more, and a dozen in one go froze the page it had just painted.
    modules.forEach(function (href) {
      setTimeout(function () {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.href = href;
        append(link);
      }, 0);
    });
  }
  // After the next frame is painted. A hidden tab paints no frames: it loads at once.
  if (document.visibilityState === 'hidden') return load();
  document.addEventListener('visibilitychange', load, { once: true });
  requestAnimationFrame(function () {
    setTimeout(load, 0);
  });
})();

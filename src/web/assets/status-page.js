// Keeps a status page current without reloading it: every refresh seconds (data-refresh, default 60) it fetches
// the same URL again and swaps the live region (#live: banner, services, incidents). It skips hidden tabs and
// leaves the rest of the page (a half-typed subscribe form) alone. The page works without this script.
;(function () {
  'use strict'
  var body = document.body
  var live = document.getElementById('live')
  if (!live || !window.DOMParser) return
  var refreshMs = (Number(body.dataset.refresh) || 60) * 1000
  var busy = false

  function refresh() {
    if (busy || document.hidden) return
    busy = true
    fetch(window.location.href, { credentials: 'same-origin', headers: { accept: 'text/html' } })
      .then(function (res) {
        if (!res.ok) throw new Error('HTTP ' + res.status)
        return res.text()
      })
      .then(function (text) {
        var next = new window.DOMParser().parseFromString(text, 'text/html').getElementById('live')
        if (next) live.innerHTML = next.innerHTML
        body.classList.remove('offline')
      })
      .catch(function () {
        body.classList.add('offline')
      })
      .then(function () {
        busy = false
      })
  }

  setInterval(refresh, refreshMs)
})()

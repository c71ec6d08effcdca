// Keeps a dashboard current without reloading it: every refresh-rate seconds it fetches the live part again,
// and, when pagination is on, moves to the next page every pagination-rate seconds. Window links and the pager
// load in place. The page works without this script (a no-script refresh and plain links).
;(function () {
  'use strict'
  var body = document.body
  var live = document.getElementById('live')
  if (!live || !body.dataset.data) return
  var state = {
    page: Number(body.dataset.page) || 1,
    pages: Number(body.dataset.pages) || 1,
    window: body.dataset.window || '24h',
  }
  var refreshMs = (Number(body.dataset.refresh) || 60) * 1000
  var rateMs = (Number(body.dataset.rate) || 60) * 1000
  var paginate = body.dataset.paginate === 'true'
  var busy = false
  // A load asked for while another is under way (a page turn at the moment of a refresh) runs right after it.
  var pending = null

  // A refresh (page and window unchanged) never replaces a page turn or a window change that waits.
  function load(page, win, isRefresh) {
    if (busy) {
      if (!isRefresh || !pending) pending = { page: page, window: win }
      return Promise.resolve()
    }
    busy = true
    var url = body.dataset.data + '?window=' + encodeURIComponent(win) + '&page=' + page
    return fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then(function (res) {
        if (res.status === 401) {
          window.location.reload()
          return null
        }
        if (!res.ok) throw new Error('HTTP ' + res.status)
        return res.json()
      })
      .then(function (data) {
        if (!data) return
        live.innerHTML = data.html
        state.page = data.page
        state.pages = data.pages
        state.window = data.window
        body.dataset.page = String(data.page)
        body.dataset.pages = String(data.pages)
        body.classList.remove('offline')
        markWindow()
      })
      .catch(function () {
        body.classList.add('offline')
      })
      .then(function () {
        busy = false
        if (pending) {
          var next = pending
          pending = null
          load(next.page, next.window)
        }
      })
  }

  function markWindow() {
    var links = document.querySelectorAll('a[data-window]')
    for (var i = 0; i < links.length; i++) {
      if (links[i].getAttribute('data-window') === state.window) links[i].setAttribute('aria-current', 'true')
      else links[i].removeAttribute('aria-current')
    }
  }

  document.addEventListener('click', function (event) {
    var link = event.target.closest && event.target.closest('a[data-window], .pager a')
    if (!link || event.metaKey || event.ctrlKey || event.shiftKey) return
    var target = new URL(link.href, window.location.href)
    event.preventDefault()
    var win = target.searchParams.get('window') || state.window
    var page = Number(target.searchParams.get('page')) || 1
    window.history.replaceState(null, '', target.pathname + target.search)
    load(page, win)
  })

  setInterval(function () {
    load(state.page, state.window, true)
  }, refreshMs)
  if (paginate) {
    setInterval(function () {
      load(state.pages > 1 ? (state.page % state.pages) + 1 : 1, state.window)
    }, rateMs)
  }
})()

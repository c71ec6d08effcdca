/**
 * A TodoMVC app on 127.0.0.1 (port 0 unless asked for another), written for the Playwright project tests: the markup
 * and behaviour of the TodoMVC specification (new-todo input, list items with a toggle, label and destroy button,
 * double-click to edit, a counter, All/Active/Completed filters in the hash, clear completed, toggle-all,
 * localStorage persistence), so that a project written against the real TodoMVC runs against it unchanged.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

const APP = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>React • TodoMVC</title>
<style>.hidden{display:none} .todo-list li{display:flex;align-items:center;gap:8px;padding:4px} .todo-list li label{flex:1} .destroy{width:24px;height:24px}
li.completed label{text-decoration:line-through} li.editing label,li.editing .toggle{display:none} li .edit{flex:1}</style></head>
<body><section class="todoapp"><header class="header"><h1>todos</h1>
<input class="new-todo" placeholder="What needs to be done?" autofocus aria-label="New todo"></header>
<section class="main hidden"><input id="toggle-all" class="toggle-all" type="checkbox"><label for="toggle-all">Mark all as complete</label>
<ul class="todo-list"></ul></section>
<footer class="footer hidden"><span class="todo-count" data-testid="todo-count"></span>
<ul class="filters"><li><a href="#/">All</a></li><li><a href="#/active">Active</a></li><li><a href="#/completed">Completed</a></li></ul>
<button class="clear-completed">Clear completed</button></footer></section>
<script>
const KEY = 'react-todos'
let todos = JSON.parse(localStorage.getItem(KEY) || '[]')
const $ = (s) => document.querySelector(s)
const save = () => localStorage.setItem(KEY, JSON.stringify(todos))
function render() {
  const filter = location.hash.replace('#/', '')
  const list = $('.todo-list')
  list.innerHTML = ''
  todos.filter((t) => filter === 'active' ? !t.completed : filter === 'completed' ? t.completed : true).forEach((t) => {
    const li = document.createElement('li')
    li.dataset.testid = 'todo-item'
    if (t.completed) li.className = 'completed'
    const toggle = document.createElement('input'); toggle.type = 'checkbox'; toggle.className = 'toggle'; toggle.checked = t.completed
    toggle.setAttribute('aria-label', 'Toggle Todo')
    toggle.addEventListener('change', () => { t.completed = toggle.checked; save(); render() })
    const label = document.createElement('label'); label.textContent = t.title; label.dataset.testid = 'todo-title'
    label.addEventListener('dblclick', () => {
      li.classList.add('editing')
      const edit = document.createElement('input'); edit.className = 'edit'; edit.value = t.title; edit.setAttribute('aria-label', 'Edit')
      let done = false
      const finish = (keep) => { if (done) return; done = true; if (keep) { const v = edit.value.trim(); if (v) t.title = v; else todos = todos.filter((x) => x !== t) } save(); render() }
      edit.addEventListener('keydown', (e) => { if (e.key === 'Enter') finish(true); if (e.key === 'Escape') finish(false) })
      edit.addEventListener('blur', () => finish(true))
      li.appendChild(edit); edit.focus()
    })
    const destroy = document.createElement('button'); destroy.className = 'destroy'; destroy.setAttribute('aria-label', 'Delete')
    destroy.addEventListener('click', () => { todos = todos.filter((x) => x !== t); save(); render() })
    li.append(toggle, label, destroy)
    list.appendChild(li)
  })
  const left = todos.filter((t) => !t.completed).length
  $('.todo-count').innerHTML = '<strong>' + left + '</strong> ' + (left === 1 ? 'item' : 'items') + ' left'
  $('.main').classList.toggle('hidden', todos.length === 0)
  $('.footer').classList.toggle('hidden', todos.length === 0)
  $('.clear-completed').classList.toggle('hidden', !todos.some((t) => t.completed))
  $('.toggle-all').checked = todos.length > 0 && left === 0
  document.querySelectorAll('.filters a').forEach((a) => a.classList.toggle('selected', a.getAttribute('href') === '#/' + filter))
}
$('.new-todo').addEventListener('keydown', (e) => {
  const v = e.target.value.trim()
  if (e.key !== 'Enter' || !v) return
  todos.push({ title: v, completed: false }); e.target.value = ''; save(); render()
})
$('.toggle-all').addEventListener('change', (e) => { todos.forEach((t) => (t.completed = e.target.checked)); save(); render() })
$('.clear-completed').addEventListener('click', () => { todos = todos.filter((t) => !t.completed); save(); render() })
window.addEventListener('hashchange', render)
render()
</script></body></html>`

export interface TodoApp {
  url: string
  close(): Promise<void>
}

/** `port` 0 (the default) takes a free one; a fixed port serves projects whose config names the app's address. */
export async function startTodoApp(port = 0): Promise<TodoApp> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/'
    if (path === '/' || path === '/todomvc/' || path === '/todomvc') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end(APP)
    } else if (path === '/favicon.ico') {
      res.writeHead(204)
      res.end()
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' })
      res.end('not found')
    }
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  const bound = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

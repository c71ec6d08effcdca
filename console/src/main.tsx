import { render } from 'preact'
import { App } from './app'
import { loadHome } from './pages/checks/routes'
import './styles.css'

// The list of checks is fetched beside the session question rather than after it.
if (window.location.pathname === '/') void loadHome()

const root = document.getElementById('app')
if (root) render(<App />, root)

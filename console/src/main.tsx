import { render } from 'preact'
import { App } from './app'
import { isOverviewPath, loadHome, loadOverview } from './pages/checks/routes'
import './styles.css'

// The code of the page most visits start on (the list of checks, a check's overview) is fetched beside the session
// question rather than after it.
if (window.location.pathname === '/') void loadHome()
else if (isOverviewPath(window.location.pathname)) void loadOverview()

const root = document.getElementById('app')
if (root) render(<App />, root)

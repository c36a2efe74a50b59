// Renderer entry: picks the host's client and mounts the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createClient } from './api/createClient';
import './app/theme.css';
import './app/layout.css';
import './app/statusBar.css';
import './app/panels.css';

const root = document.getElementById('root');
if (!root) throw new Error('renderer: index.html has no #root element; the build is broken');
createRoot(root).render(
  <StrictMode>
    <App client={createClient()} />
  </StrictMode>,
);

// Types for what Vite gives the renderer: CSS and asset imports.
/// <reference types="vite/client" />

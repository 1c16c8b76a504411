import { applyDeferredStylesheets } from './stylesheets';

applyDeferredStylesheets();
// Async boundary: shared modules (React, @wpc/shared) are negotiated before any shell code runs.
import('./bootstrap');

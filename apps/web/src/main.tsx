import '@fontsource-variable/inter';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preparePage } from './app/boot';
import { createQueryClient } from './app/providers';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

const queryClient = createQueryClient();
const container = root;

// The page's own code (and a product's data), which the HTML has already asked for, before the first
// render: it then draws the page once (app/boot.ts, decision 040).
void preparePage(queryClient, window.location.pathname).then(() => {
  // The first render as a transition: React renders it in slices and yields to the browser between
  // them, instead of one long task that blocks the main thread while the page boots (decision 037).
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
});

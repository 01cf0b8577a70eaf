import '@fontsource-variable/fraunces';
import '@fontsource-variable/inter';
import './styles/index.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadPage } from './app/router.tsx';

preloadPage(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');
const reactRoot = createRoot(root);
// As a transition the first render yields to the browser every few milliseconds instead of holding the
// main thread for the whole tree; index.html already shows the loading state meanwhile.
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

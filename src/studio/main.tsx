// The studio's entry (studio.html, served at /studio by the reference server when the `studio`
// config flag is on). Its own bundle: nothing here reaches the borrower's pages.
import { createRoot } from 'react-dom/client';
import { pageToken, studioApi } from './api';
import { Studio } from './Studio';
import './studio.css';

const initialId = decodeURIComponent(window.location.hash.slice(1)) || 'loan-details';
createRoot(document.getElementById('root')!).render(
  <Studio api={studioApi(pageToken())} initialId={initialId} />,
);

// The preview frame's entry (studio-preview.html, shown in the studio's phone frame): the real
// engine and theme, a screen at a time, run against a scenario instead of a server.
import { createRoot } from 'react-dom/client';
import '../../../renderer/theme.css';
import '../../app/shell.css';
import { applyTheme, readClientConfig } from '../../config/client';
import { FrameApp } from './FrameApp';

const config = readClientConfig(document, import.meta.env.DEV);
applyTheme(config);
createRoot(document.getElementById('root')!).render(<FrameApp config={config} />);

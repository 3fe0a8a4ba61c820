// Host.clipboard (D-57): the Clipboard API, or execCommand('copy') where the webview lacks it or
// refuses it. Resolves false when neither worked, so the screen toasts only on success.

export async function copyText(
  text: string,
  nav: Navigator = navigator,
  doc: Document = document,
): Promise<boolean> {
  try {
    if (nav.clipboard && typeof nav.clipboard.writeText === 'function') {
      await nav.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Fall through to the old way.
  }
  return execCopy(text, doc);
}

function execCopy(text: string, doc: Document): boolean {
  const area = doc.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.top = '-1000px';
  area.style.opacity = '0';
  doc.body.appendChild(area);
  try {
    area.select();
    area.setSelectionRange(0, text.length);
    return typeof doc.execCommand === 'function' && doc.execCommand('copy') === true;
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

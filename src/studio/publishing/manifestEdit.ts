// Changes ops make to the manifest from the studio, as minimal edits of its text (jsonc-parser's
// `modify`): the reviewer's diff shows the one mapping or route added, and the rest of the file
// keeps its layout. The result is saved as a draft of manifest/manifest and checked by the server.
import { applyEdits, modify } from 'jsonc-parser';

const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };

export function mapTemplate(text: string, page: string, templateId: string, screen: string): string {
  return applyEdits(text, modify(text, ['promo', page, 'templates', templateId], screen, FORMAT));
}

export function addRoute(text: string, path: string, screen: string): string {
  return applyEdits(
    text,
    modify(text, ['routes', -1], { path, screen }, { ...FORMAT, isArrayInsertion: true }),
  );
}

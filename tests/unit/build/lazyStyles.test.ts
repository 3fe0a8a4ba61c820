// The build's table of each lazy block's stylesheets (src/app/build/lazyStyles.ts), read by the
// server to link them in a drawn page (issue 26 item 4).
import { describe, expect, it } from 'vitest';
import { lazyStylesOf } from '../../../src/app/build/lazyStyles';

const chunk = (
  fileName: string,
  facadeModuleId: string | null,
  css: string[],
  imports: string[] = [],
  dynamic = false,
) => ({
  type: 'chunk' as const,
  fileName,
  facadeModuleId,
  isDynamicEntry: dynamic,
  imports,
  viteMetadata: { importedCss: new Set(css) },
});

describe('lazyStylesOf', () => {
  const bundle = {
    'assets/services.js': chunk('assets/services.js', '/app/src/app/services.ts', ['assets/services.css']),
    'assets/form.js': chunk('assets/form.js', null, ['assets/form.css'], ['assets/services.js']),
    'assets/ImagePicker.js': chunk(
      'assets/ImagePicker.js',
      '/app/renderer/blocks/ImagePicker.tsx',
      ['assets/ImagePicker.css'],
      ['assets/form.js'],
      true,
    ),
    'assets/Input.js': chunk(
      'assets/Input.js',
      '/app/renderer/blocks/Input.tsx',
      [],
      ['assets/form.js'],
      true,
    ),
    'assets/Hero.js': chunk('assets/Hero.js', '/app/renderer/blocks/Hero.tsx', ['assets/Hero.css']),
    'assets/View.js': chunk('assets/View.js', '/app/src/studio/View.tsx', ['assets/View.css'], [], true),
  };

  it('names each lazy block by its type, with what it imports first and its own rules last', () => {
    expect(lazyStylesOf(bundle, '/')).toEqual({
      imagePicker: ['/assets/services.css', '/assets/form.css', '/assets/ImagePicker.css'],
      input: ['/assets/services.css', '/assets/form.css'],
    });
  });

  it('writes the addresses under the build’s base', () => {
    expect(lazyStylesOf(bundle, '/h5/').input).toEqual(['/h5/assets/services.css', '/h5/assets/form.css']);
  });
});

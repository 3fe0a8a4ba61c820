// DivKit's client-only web renderer and its required stylesheet.
import { render } from '@divkitframework/divkit/client';
import '@divkitframework/divkit/dist/client.css';
import { installPeer } from '../harness';
import { divkitJson } from './document';

const instances = new WeakMap<HTMLElement, { $destroy(): void }>();
let count = 0;

installPeer({
  documentText: (part) => JSON.stringify(divkitJson(part)),
  draw(text, target) {
    const json = JSON.parse(text) as Parameters<typeof render>[0]['json'];
    const instance = render({
      id: `bench-${++count}`,
      target,
      json,
      onError: (details) => console.error(details.error),
    });
    instances.set(target, instance);
  },
  clear: (target) => instances.get(target)?.$destroy(),
});

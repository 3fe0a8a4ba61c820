// Adaptive Cards' own renderer (no React): parse the card, render it, attach it.
import { AdaptiveCard } from 'adaptivecards';
import { installPeer } from '../harness';
import { adaptiveCard } from './document';

installPeer({
  documentText: (part) => JSON.stringify(adaptiveCard(part)),
  draw(text, target) {
    const card = new AdaptiveCard();
    card.onExecuteAction = () => undefined;
    card.parse(JSON.parse(text));
    const element = card.render();
    if (element) target.appendChild(element);
  },
  clear: (target) => target.replaceChildren(),
});

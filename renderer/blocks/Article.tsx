// The product's own long texts (legal pages, about us): headings, paragraphs and lists, as text.
import type { BlockProps } from '../block';
import type { ArticleBlock } from '../types.gen';
import { useEval } from '../hooks';
import { toText } from '../expr/values';
import { styleClass } from '../style';
import './Article.css';

export default function Article({ block, frame }: BlockProps<ArticleBlock>) {
  const evaluate = useEval(frame);
  const text = (expr: unknown) => toText(evaluate(expr));
  const title = block.title === undefined ? '' : text(block.title);
  return (
    <article className={`blk-article ${styleClass(block.style)}`}>
      {title && <h1 className="blk-article-title">{title}</h1>}
      {(block.sections ?? []).map((section, i) => (
        <section className="blk-article-section" key={i}>
          {section.heading !== undefined && <h2 className="blk-article-heading">{text(section.heading)}</h2>}
          {(section.paragraphs ?? []).map((p, j) => (
            <p key={j}>{text(p)}</p>
          ))}
          {section.bullets && section.bullets.length > 0 && (
            <ul>
              {section.bullets.map((b, j) => (
                <li key={j}>{text(b)}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </article>
  );
}

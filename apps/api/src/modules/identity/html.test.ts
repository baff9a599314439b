import { describe, expect, it } from 'vitest';
import { html, trusted } from './html.ts';

describe('html template', () => {
  it('escapes every interpolated value unless it is already markup', () => {
    const name = '<script>alert("x")</script> & co';
    expect(html`<p title="${name}">${name}</p>`.value).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co</p>',
    );
    expect(html`<div>${html`<b>${'&'}</b>`}${trusted('<i>ok</i>')}${null}${false}${['a', html`<br />`]}</div>`.value).toBe(
      '<div><b>&amp;</b><i>ok</i>a<br /></div>',
    );
  });
});

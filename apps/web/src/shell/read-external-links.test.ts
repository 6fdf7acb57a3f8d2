import { describe, expect, it } from 'vitest';
import { readExternalLinks } from './read-external-links.ts';

describe('readExternalLinks', () => {
  it('falls back to placeholders when nothing is set', () => {
    expect(readExternalLinks({})).toEqual({
      blog: 'https://blog.example.com',
      myAccount: 'https://account.example.com',
      documentation: 'https://docs.example.com',
      videoTutorials: 'https://tutorials.example.com',
    });
  });

  it('takes the configured URLs', () => {
    const links = readExternalLinks({ VITE_BLOG_URL: 'https://blog.traffic.test/', VITE_DOCS_URL: ' http://docs.test ' });
    expect(links.blog).toBe('https://blog.traffic.test/');
    expect(links.documentation).toBe('http://docs.test');
  });

  it('refuses a value that is not an http(s) URL, naming the variable', () => {
    expect(() => readExternalLinks({ VITE_BLOG_URL: 'blog.example.com' })).toThrow(/VITE_BLOG_URL/);
    expect(() => readExternalLinks({ VITE_ACCOUNT_URL: 'javascript:alert(1)' })).toThrow(/VITE_ACCOUNT_URL/);
  });
});

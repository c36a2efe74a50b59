import { describe, expect, it } from 'vitest';
import { externalLinkTarget } from './externalLinks';

describe('externalLinkTarget', () => {
  it.each([
    ['https://example.com/a?b=c', 'https://example.com/a?b=c'],
    ['http://example.com', 'http://example.com/'],
    ['mailto:alice@example.com', 'mailto:alice@example.com'],
  ])('lets %s open in the OS', (url, expected) => {
    expect(externalLinkTarget(url)).toBe(expected);
  });

  it.each(['file:///etc/passwd', 'javascript:alert(1)', 'smb://server/share', 'ms-msdt:/id', 'not a url', ''])('keeps %s inside', (url) => {
    expect(externalLinkTarget(url)).toBeNull();
  });
});

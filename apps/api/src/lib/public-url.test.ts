import { describe, expect, it } from 'vitest';
import { toPublicUrl, toPublicUrlOrNull } from './public-url';

describe('toPublicUrl', () => {
  it('joins a path the server serves to PUBLIC_URL', () => {
    expect(toPublicUrl('https://wellspring.example.org', '/backgrounds/first-light.svg')).toBe(
      'https://wellspring.example.org/backgrounds/first-light.svg',
    );
    expect(toPublicUrl('http://127.0.0.1:3000/', 'backgrounds/x.svg')).toBe(
      'http://127.0.0.1:3000/backgrounds/x.svg',
    );
  });

  it('keeps the path of a PUBLIC_URL that has one', () => {
    expect(toPublicUrl('https://example.org/wellspring', '/backgrounds/x.svg')).toBe(
      'https://example.org/wellspring/backgrounds/x.svg',
    );
  });

  it('answers a URL that is absolute already as it is', () => {
    const picture = 'https://lh3.googleusercontent.com/a/photo=s96-c';
    expect(toPublicUrl('https://wellspring.example.org', picture)).toBe(picture);
  });

  it('leaves an absent URL absent', () => {
    expect(toPublicUrlOrNull('https://wellspring.example.org', null)).toBeNull();
  });
});

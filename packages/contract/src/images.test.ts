import { describe, expect, it } from 'vitest';
import { responsivePicture } from './images';

describe('responsivePicture', () => {
  it('gives our drawings their WebP widths', () => {
    expect(responsivePicture('/images/cars/honda-city-1.svg')).toEqual({
      src: '/images/cars/honda-city-1-800.webp',
      srcSet:
        '/images/cars/honda-city-1-400.webp 400w, /images/cars/honda-city-1-800.webp 800w, /images/cars/honda-city-1-1200.webp 1200w',
    });
    expect(responsivePicture('/images/hero-road.svg').src).toBe('/images/hero-road-800.webp');
  });

  it('gives staff uploads the widths the API wrote', () => {
    expect(responsivePicture('/uploads/cars/abc-123-800.webp')).toEqual({
      src: '/uploads/cars/abc-123-800.webp',
      srcSet:
        '/uploads/cars/abc-123-400.webp 400w, /uploads/cars/abc-123-800.webp 800w, /uploads/cars/abc-123-1200.webp 1200w',
    });
  });

  it('leaves any other address as it is', () => {
    for (const url of [
      '/favicon.svg',
      'https://example.com/a.svg',
      '/images/../secret.svg',
      '/images/cars/a.png',
      '/uploads/cars/x-400.webp',
      '',
    ])
      expect(responsivePicture(url)).toEqual({ src: url });
  });
});

// The carousel's slides on home.
import type { Slide } from '../../components/Carousel';

export const homeSlides: readonly Slide[] = [
  {
    src: '/images/carousel/slide-1.svg',
    alt: 'A road bike silhouetted against a setting sun on a winding road',
    caption: 'Parts built for the long ride home',
  },
  {
    src: '/images/carousel/slide-2.svg',
    alt: 'A workshop pegboard with spanners, hex keys, a wheel, a chain and a floor pump',
    caption: 'Machined and checked in our own workshop',
  },
  {
    src: '/images/carousel/slide-3.svg',
    alt: 'An orange mountain bike on a trail below snowy peaks',
    caption: 'Tough enough for every trail',
  },
];

// The image galleries on home: our works, and our parts out on the road.

interface GalleryImage {
  src: string;
  alt: string;
  caption: string;
}

interface Gallery {
  title: string;
  images: readonly GalleryImage[];
}

const galleries: readonly Gallery[] = [
  {
    title: 'Inside our works',
    images: [
      {
        src: '/images/gallery/factory.svg',
        alt: 'Machining cells under the factory lights, frames hanging on the line',
        caption: 'CNC machining line',
      },
      {
        src: '/images/gallery/workshop.svg',
        alt: 'An orange bike on a repair stand in front of a tool wall',
        caption: 'Assembly and test workshop',
      },
      { src: '/images/gallery/gears.svg', alt: 'Orange and steel chainrings and cogs', caption: 'Chainrings and cogs' },
    ],
  },
  {
    title: 'Out on the road',
    images: [
      { src: '/images/gallery/riders.svg', alt: 'Two cyclists riding at sunset', caption: 'Evening club ride' },
      { src: '/images/gallery/wheels.svg', alt: 'Three wheels hanging from a rack', caption: 'Wheels ready to ship' },
      { src: '/images/gallery/chain.svg', alt: 'A chain running over an orange chainring', caption: 'Drivetrain close-up' },
    ],
  },
];

export function Galleries() {
  return (
    <section aria-labelledby="galleries-heading" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
      <h2 id="galleries-heading" className="mb-8 text-center text-2xl font-bold tracking-tight sm:text-3xl">
        Gallery
      </h2>
      <div className="space-y-10">
        {galleries.map((gallery) => (
          <div key={gallery.title}>
            <h3 className="mb-4 text-lg font-semibold">{gallery.title}</h3>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
              {gallery.images.map((image, index) => (
                <li key={image.src} className={index === gallery.images.length - 1 ? 'col-span-2 sm:col-span-1' : undefined}>
                  <figure className="overflow-hidden rounded-2xl border border-base-300 bg-base-200">
                    <img
                      src={image.src}
                      alt={image.alt}
                      width={600}
                      height={450}
                      loading="lazy"
                      decoding="async"
                      className="aspect-[4/3] w-full object-cover transition-transform duration-500 hover:scale-105"
                    />
                    <figcaption className="px-3 py-2 text-sm font-medium sm:px-4 sm:py-3">{image.caption}</figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}

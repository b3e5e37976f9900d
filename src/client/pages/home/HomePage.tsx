// / and /home: carousel, booking invitation, parts, reviews, statistics, galleries, progress and a closing line.
import { Carousel } from '../../components/Carousel';
import { PageHead } from '../../components/PageHead';
import { BookingInvitation } from './BookingInvitation';
import { Galleries } from './Galleries';
import { homeSlides } from './home-slides';
import { ProductGrid } from './ProductGrid';
import { ProductionProgress } from './ProductionProgress';
import { ReviewGrid } from './ReviewGrid';
import { SummaryStats } from './SummaryStats';

/** What search results and link previews say of the shop: the words of index.html's own description. */
const HOME_DESCRIPTION =
  'Sprocket makes bicycle parts: headsets, cassettes, handlebars, stems, derailleurs and seatposts. Book parts by the batch.';

export default function HomePage() {
  return (
    <>
      <PageHead title="Bicycle parts, booked by the batch" description={HOME_DESCRIPTION} path="/" />
      <Carousel slides={homeSlides} label="Sprocket highlights" />
      <BookingInvitation />
      <ProductGrid />
      <ReviewGrid />
      <SummaryStats />
      <Galleries />
      <ProductionProgress />
      <p className="mx-auto max-w-3xl px-4 pb-4 text-center text-xl font-semibold sm:px-6">
        Thank you for riding with Sprocket. See you on the road!
      </p>
    </>
  );
}

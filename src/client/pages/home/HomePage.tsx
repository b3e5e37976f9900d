// / and /home: carousel, booking invitation, parts, reviews, statistics, galleries, progress and a closing line.
import { Carousel } from '../../components/Carousel';
import { PageTitle } from '../../components/PageTitle';
import { BookingInvitation } from './BookingInvitation';
import { Galleries } from './Galleries';
import { homeSlides } from './home-slides';
import { ProductGrid } from './ProductGrid';
import { ProductionProgress } from './ProductionProgress';
import { ReviewGrid } from './ReviewGrid';
import { SummaryStats } from './SummaryStats';

export default function HomePage() {
  return (
    <>
      <PageTitle title="Bicycle parts, booked by the batch" />
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

// The part page's compatibility list and "Fits your bike?" box: the verdict for the chosen bike
// (saved, or the one the catalogue was filtered to), each mismatch named, "cannot say" for a
// standard the bike does not record, and "fits every bike" for a part that names none.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import { customer, renderWithApi } from '../../testing/api-test-harness';
import { PartFits } from './PartFits';

const partId = '7f0c1d1e-8d4b-4c55-9a57-2a0b8f1f1a11';
const gravel = { id: '5c0c1d1e-8d4b-4c55-9a57-2a0b8f1f1a01', name: 'Gravel bike', standards: { speeds: '12', freehub: 'sram-xdr' } };
const road = { id: '5c0c1d1e-8d4b-4c55-9a57-2a0b8f1f1a02', name: 'Road bike', standards: { speeds: '11', freehub: 'shimano-hg' } };
const cassette = { speeds: ['11', '12'], freehub: ['shimano-hg', 'microspline'] };

function renderFits(compatibility: object, bikes: object[], at = `/parts/${partId}`, auth = customer) {
  return renderWithApi(<PartFits partId={partId} />, {
    procedures: { 'tools.compatibility': () => compatibility, 'bikes.list': () => bikes },
    auth,
    at,
    routePath: '/parts/:id',
  });
}

describe('Fits your bike?', () => {
  it('lists the part’s standards and says why it does not fit the first bike, then that it fits another', async () => {
    const user = userEvent.setup();
    renderFits(cassette, [gravel, road]);
    expect(await screen.findByText('Speeds')).toBeInTheDocument();
    expect(screen.getByText('Shimano HG, Shimano Microspline')).toBeInTheDocument();

    const verdict = await screen.findByRole('status');
    expect(verdict).toHaveTextContent(messages.doesNotFitYourBike('Gravel bike'));
    expect(verdict).toHaveTextContent('Freehub body: needs Shimano HG or Shimano Microspline, yours is SRAM XDR');
    expect(verdict).not.toHaveTextContent('Speeds:');

    await user.selectOptions(screen.getByLabelText('Bike'), 'Road bike');
    expect(screen.getByRole('status')).toHaveTextContent(messages.fitsYourBike('Road bike'));
  });

  it('cannot say when the bike does not record a standard the part names', async () => {
    renderFits(cassette, [{ ...gravel, standards: { speeds: '12' } }]);
    const verdict = await screen.findByRole('status');
    expect(verdict).toHaveTextContent(messages.cannotSayForYourBike('Gravel bike'));
    expect(verdict).toHaveTextContent('Check: your bike’s freehub body is not recorded');
  });

  it('checks the bike the catalogue was filtered to, for a visitor too', async () => {
    renderFits(cassette, [], `/parts/${partId}?fits=speeds.12_freehub.microspline`, {
      status: 'signedOut',
      user: null,
      role: null,
      signOut: async () => {},
    });
    expect(await screen.findByRole('status')).toHaveTextContent(messages.fitsYourBike('bike'));
  });

  it('says a part naming no standard fits every bike', async () => {
    renderFits({}, [gravel]);
    expect(await screen.findByRole('status')).toHaveTextContent(messages.fitsEveryBike);
  });
});

// The header search as a keyboard and screen-reader user meets it: suggestions after a pause in
// typing, never for one letter, the arrow keys walking them (wrapping round), Enter opening the
// highlighted one or the catalogue's search, Escape closing the list then clearing the field, the
// count said aloud, and an answer to older words never shown for newer ones.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { callsTo, renderWithApi } from '../../testing/api-test-harness';
import { HeaderSearch } from './HeaderSearch';

const cassette = { _id: '00000000-0000-4000-8000-000000000001', name: 'Road Cassette', price: 49, img: '/images/parts/a.svg' };
const freewheel = { _id: '00000000-0000-4000-8000-000000000002', name: 'Cassette Freewheel', price: 19.5, img: '/images/parts/b.svg' };
const cassettes = { slug: 'cassettes', name: 'Cassettes', trail: ['Drivetrain'] };

function answerFor(input: unknown) {
  const { q } = input as { q: string };
  return q.startsWith('cass') ? { parts: [cassette, freewheel], categories: [cassettes] } : { parts: [], categories: [] };
}

/** Where the app went: the address, as the router holds it. */
function Landed() {
  const location = useLocation();
  return <p data-testid="address">{`${location.pathname}${location.search}`}</p>;
}

/** Mounted on every address but home's (which the harness draws itself), unless `onHome`. */
function renderSearch(answer: (input: unknown) => unknown = answerFor, onHome = false) {
  return renderWithApi(
    <>
      <HeaderSearch />
      <Routes>
        <Route path="*" element={<Landed />} />
      </Routes>
    </>,
    { procedures: { 'search.suggest': answer }, ...(onHome ? { at: '/home', routePath: '/home' } : { at: '/blogs', routePath: '*' }) },
  );
}

const field = () => screen.getByRole('combobox', { name: 'Search parts and categories' });
const address = () => screen.getByTestId('address');

async function typeAndWait(text: string) {
  await userEvent.type(field(), text);
  await screen.findByRole('listbox', { name: 'Suggestions' });
}

describe('the header search', () => {
  it('suggests parts and categories once typing pauses, as a listbox the field controls', async () => {
    const { calls } = renderSearch();

    await typeAndWait('cass');

    const listbox = screen.getByRole('listbox', { name: 'Suggestions' });
    expect(field()).toHaveAttribute('aria-expanded', 'true');
    expect(field()).toHaveAttribute('aria-controls', listbox.id);
    expect(
      within(within(listbox).getByRole('group', { name: 'Parts' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Road Cassette$49.00', 'Cassette Freewheel$19.50']);
    expect(within(within(listbox).getByRole('group', { name: 'Categories' })).getByRole('option')).toHaveTextContent(
      'CassettesCategory in Drivetrain',
    );
    expect(screen.getByRole('status')).toHaveTextContent('3 suggestions. Use the up and down arrows to choose.');
    // One request for the word, not one per letter.
    expect(callsTo(calls, 'search.suggest')).toEqual([{ q: 'cass' }]);
  });

  it('asks nothing for one letter, and closes the list when the text falls under two', async () => {
    const { calls } = renderSearch();

    await userEvent.type(field(), 'c');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(callsTo(calls, 'search.suggest')).toEqual([]);
    expect(field()).toHaveAttribute('aria-expanded', 'false');

    await typeAndWait('ass');
    await userEvent.type(field(), '{Backspace}{Backspace}{Backspace}');
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('walks the suggestions with the arrow keys, wrapping round, and Enter opens the highlighted part', async () => {
    renderSearch();
    await typeAndWait('cass');

    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: /Road Cassette/, selected: true })).toBeInTheDocument();
    expect(field()).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /Road Cassette/ }).id);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: /Cassettes/, selected: true })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: /Road Cassette/, selected: true })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('option', { name: /Cassette Freewheel/, selected: true })).toBeInTheDocument();
    expect(screen.getAllByRole('option', { selected: true })).toHaveLength(1);

    await userEvent.keyboard('{Enter}');

    expect(address()).toHaveTextContent(`/parts/${freewheel._id}`);
    expect(field()).toHaveValue('');
    expect(field()).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens a category with Up from no highlight (the last option) and Enter', async () => {
    renderSearch();
    await typeAndWait('cass');

    await userEvent.keyboard('{ArrowUp}{Enter}');

    expect(address()).toHaveTextContent('/categories/cassettes');
  });

  it('opens a suggestion clicked with the mouse', async () => {
    renderSearch();
    await typeAndWait('cass');

    await userEvent.click(screen.getByRole('option', { name: /Road Cassette/ }));

    expect(address()).toHaveTextContent(`/parts/${cassette._id}`);
  });

  it('goes to the catalogue search for the words on Enter with nothing highlighted', async () => {
    renderSearch(answerFor, true);
    await typeAndWait('cass');

    await userEvent.keyboard('{Enter}');

    expect(address()).toHaveTextContent('/home?q=cass');
  });

  it('closes the list with Escape, keeping the words, and clears them with a second Escape', async () => {
    renderSearch();
    await typeAndWait('cass');
    await userEvent.keyboard('{ArrowDown}');

    await userEvent.keyboard('{Escape}');
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(field()).not.toHaveAttribute('aria-activedescendant');
    expect(field()).toHaveValue('cass');

    // Down opens it again, from the top.
    await userEvent.keyboard('{ArrowDown}');
    expect(field()).toHaveAttribute('aria-expanded', 'true');

    await userEvent.keyboard('{Escape}{Escape}');
    expect(field()).toHaveValue('');
  });

  it('says when nothing matches', async () => {
    renderSearch();

    await userEvent.type(field(), 'zzz');

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No suggestions.'));
    expect(field()).toHaveAttribute('aria-expanded', 'false');
  });

  it('never shows an answer to older words over the newer ones', async () => {
    // The answer for "ca" arrives long after the answer for "cass".
    const slowFirst = (input: unknown) => {
      const { q } = input as { q: string };
      const answer = q === 'ca' ? { parts: [{ ...cassette, name: 'Stale Carrier' }], categories: [] } : answerFor(input);
      return new Promise((resolve) => setTimeout(() => resolve(answer), q === 'ca' ? 600 : 0));
    };
    renderSearch(slowFirst);

    await userEvent.type(field(), 'ca');
    await new Promise((resolve) => setTimeout(resolve, 250));
    await typeAndWait('ss');
    await screen.findByRole('option', { name: /Road Cassette/ });
    await new Promise((resolve) => setTimeout(resolve, 700));

    expect(screen.queryByRole('option', { name: /Stale Carrier/ })).not.toBeInTheDocument();
    expect(screen.getByRole('option', { name: /Road Cassette/ })).toBeInTheDocument();
  });

  it('is a GET form to the catalogue search, for browsers without scripts', () => {
    renderSearch();

    const form = screen.getByRole('search');
    expect(form).toHaveAttribute('action', '/home');
    expect(form).toHaveAttribute('method', 'get');
    expect(field()).toHaveAttribute('name', 'q');
    expect(within(form).getByRole('button', { name: 'Search the shop' })).toHaveAttribute('type', 'submit');
  });
});

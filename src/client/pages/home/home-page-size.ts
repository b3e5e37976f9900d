// How many parts and reviews home asks for at a time: two full rows of the three-column grid.
export const PAGE_SIZE = 6;

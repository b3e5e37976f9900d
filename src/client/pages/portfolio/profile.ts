// The developer profile shown on /portfolio.

export interface Project {
  name: string;
  summary: string;
  stack: readonly string[];
}

export const profile = {
  name: 'Alex Morgan',
  role: 'Full-stack web developer',
  email: 'alex.morgan@example.com',
  about:
    'I build fast, accessible web apps with React and TypeScript on the front and Node.js on the back, and I care about the details a customer notices: clear forms, honest error messages and pages that load quickly on a phone.',
  education: [
    { degree: 'BSc in Computer Science and Engineering', school: 'Portland State University', years: '2016 – 2020' },
    { degree: 'Higher Secondary Certificate, Science', school: 'Lincoln High School', years: '2014 – 2016' },
  ],
  skills: [
    'JavaScript (ES2023)',
    'TypeScript',
    'React',
    'React Router',
    'TanStack Query',
    'Tailwind CSS',
    'Node.js',
    'Fastify and Express',
    'tRPC',
    'PostgreSQL',
    'MongoDB',
    'Firebase Authentication',
    'Stripe',
    'Vitest and Testing Library',
    'Git and GitHub',
  ],
  projects: [
    {
      name: 'Sprocket storefront',
      summary:
        'This site: a storefront for a bicycle-parts maker where customers book parts, pay by card and review them, and admins manage parts, orders and users.',
      stack: ['React', 'tRPC', 'PostgreSQL', 'Stripe'],
    },
    {
      name: 'Trailhead ride planner',
      summary:
        'A route planner for cycling clubs: members draw a ride on the map, see its climbs and distance, and sign up for the weekend group ride.',
      stack: ['React', 'Leaflet', 'Node.js', 'MongoDB'],
    },
    {
      name: 'Benchmark inventory',
      summary:
        'A stock tracker for a small repair shop that scans parts in and out, warns before a part runs out and prints the weekly reorder list.',
      stack: ['TypeScript', 'Express', 'SQLite', 'Tailwind CSS'],
    },
  ] satisfies Project[],
} as const;

// The interview questions and answers shown on /blogs.

export interface BlogQuestion {
  id: string;
  question: string;
  answer: readonly string[];
}

export const blogQuestions: readonly BlogQuestion[] = [
  {
    id: 'react-performance',
    question: 'How will you improve the performance of a React Application?',
    answer: [
      'Measure first: the React DevTools Profiler and the browser’s Performance panel show which components render too often or too slowly, and Lighthouse or the web-vitals metrics (LCP, INP, CLS) show what users actually feel. Then fix the biggest cost. The usual wins are rendering less and shipping less JavaScript. Keep state as close as possible to the components that use it, so a change re-renders a small subtree rather than the whole page; split large contexts so that a change in one value does not re-render every consumer; and use React.memo, useMemo and useCallback where profiling shows an expensive child re-rendering with unchanged props. Give list items stable keys, and virtualise very long lists so only the visible rows are in the DOM.',
      'To ship less, split code by route with React.lazy and dynamic import(), load heavy libraries only when they are needed, and check the bundle for large or duplicated dependencies. Cache server data with a library such as React Query instead of refetching on every mount, debounce input that triggers work, and move truly heavy computation off the main thread to a Web Worker. Serve images at the right size, lazy-load those below the fold and give them width and height so the layout does not shift, and always measure a production build: development mode is much slower on purpose.',
    ],
  },
  {
    id: 'state-management',
    question: 'What are the different ways to manage a state in a React application?',
    answer: [
      'Local state with useState or useReducer covers most UI state: an open menu, a form input, a selected tab. When two siblings need the same value, lift the state up to their closest common parent and pass it down as props. For values needed across many levels, such as the signed-in user, the theme or the language, the Context API avoids passing props through every layer; it is best for values that change rarely, because every consumer re-renders when the value changes.',
      'Data that comes from a server is a different kind of state: it is a cache of something the server owns. Libraries such as TanStack Query (React Query), SWR or RTK Query handle fetching, caching, retries and refetching, which removes most hand-written loading and error state. For large client-side state shared by many parts of the app, a store such as Redux Toolkit, Zustand, Jotai or MobX gives one predictable place for it. Some state belongs elsewhere entirely: the URL (route parameters and query strings) for anything that should survive a reload or be shareable, form libraries like React Hook Form for form fields and validation, and localStorage for small values kept between visits.',
    ],
  },
  {
    id: 'prototypal-inheritance',
    question: 'How does prototypical inheritance work?',
    answer: [
      'Every JavaScript object has a hidden link, [[Prototype]], to another object (or to null). When you read a property, the engine first looks on the object itself; if it is not there it follows the link to the prototype, then to that object’s prototype, and so on up the prototype chain until it finds the property or reaches null and returns undefined. Writing a property, by contrast, normally creates it on the object itself and so shadows the one on the prototype. This is how methods are shared: an array has no map method of its own; it finds Array.prototype.map through its prototype link.',
      'You can set the link directly with Object.create(proto), read it with Object.getPrototypeOf(obj), or get it from a constructor: calling new Person() creates an object whose prototype is Person.prototype. The class syntax of ES2015 is built on the same mechanism: class Student extends Person makes Student.prototype inherit from Person.prototype, and super calls the parent’s method through that chain. Because the link is live, adding a method to a prototype makes it available at once to every object that inherits from it.',
    ],
  },
  {
    id: 'set-state-directly',
    question: 'Why you do not set the state directly in React?',
    answer: [
      'React only knows that something changed when you call the state setter (setProducts, setState or a reducer’s dispatch). If you assign to the state variable or mutate the object or array it holds, React is not told, so it does not schedule a re-render and the screen keeps showing the old data. Even when some later render happens to pick the change up, the result is unpredictable.',
      'React also compares state by reference to decide what to re-render, and tools such as React.memo, useMemo and useEffect dependency arrays rely on the same comparison. A mutated array is still the same array, so they treat it as unchanged. State updates may also be batched and applied later, so the current value you read may be stale. The rule is therefore to treat state as immutable: create a new value, for example setProducts([...products, newProduct]), and use the updater form, setCount(count => count + 1), when the new value depends on the previous one.',
    ],
  },
  {
    id: 'unit-tests',
    question: 'What is a unit test? Why should we write unit tests?',
    answer: [
      'A unit test checks one small piece of code, such as a function, a hook or a component, in isolation: it sets up an input, runs the code and asserts on the result, and it runs in milliseconds without a real server or browser. In JavaScript they are usually written with Jest or Vitest, and React components are tested with Testing Library, which renders a component and interacts with it the way a user would, by label text and role rather than by implementation details.',
      'Unit tests catch mistakes when they are cheapest to fix, right after the code is written. They let you refactor with confidence, because a passing suite shows behaviour did not change; they document how a piece of code is meant to be used; and they push you towards smaller, decoupled code, since code that is hard to test is usually hard to reuse. Run in continuous integration, they stop regressions from reaching users. They do not replace integration and end-to-end tests, which check that the pieces work together, but they form the fast, broad base of the testing pyramid.',
    ],
  },
  {
    id: 'find-by-name',
    question:
      'You have an array of products. Each product has a name, price, description, etc. How will you implement a search to find products by name?',
    answer: [
      'Use Array.prototype.filter with a case-insensitive comparison: normalise the query once with trim() and toLowerCase(), then keep the products whose lower-cased name includes it, for example products.filter(product => product.name.toLowerCase().includes(query)). If only the first match is needed, find() stops at the first hit. An empty query should return the whole list rather than nothing.',
      'In a React search box, keep the query in state, derive the filtered list during render (wrapped in useMemo if the list is large) rather than storing it as separate state, and debounce the input if each keystroke triggers expensive work. For large catalogues the search belongs on the server, with a database index, so the browser downloads only the matching page of results.',
    ],
  },
];

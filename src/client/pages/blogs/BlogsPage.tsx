// /blogs: interview-style questions about React, JavaScript and testing, with their answers.
import { PageTitle } from '../../components/PageTitle';
import { blogQuestions } from './blog-questions';

export default function BlogsPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <PageTitle title="Blogs" />
      <header className="mb-10">
        <p className="text-sm font-semibold tracking-widest text-primary uppercase">Blogs</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">Questions from the workshop</h1>
        <p className="mt-3 text-base-content/80">
          Answers to questions web developers are often asked about React, JavaScript and testing.
        </p>
      </header>
      <nav aria-label="Questions" className="mb-10 rounded-2xl border border-base-300 bg-base-200 p-5">
        <h2 className="mb-3 text-sm font-semibold">In this page</h2>
        <ol className="list-decimal space-y-1 pl-5 text-sm">
          {blogQuestions.map((item) => (
            <li key={item.id}>
              <a href={`#${item.id}`} className="link link-hover">
                {item.question}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="space-y-8">
        {blogQuestions.map((item) => (
          <article key={item.id} id={item.id} aria-labelledby={`${item.id}-question`} className="scroll-mt-24">
            <h2 id={`${item.id}-question`} className="text-xl font-bold leading-snug sm:text-2xl">
              {item.question}
            </h2>
            <div className="mt-3 space-y-3 leading-relaxed text-base-content/85">
              {item.answer.map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>{paragraph}</p>
              ))}
            </div>
          </article>
        ))}
      </div>
    </div>
  );
}

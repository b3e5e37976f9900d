// /portfolio: the developer's static profile: portrait, contact, education, skills and three projects.
import { GraduationCap, Mail } from 'lucide-react';
import { PageTitle } from '../../components/PageTitle';
import { profile } from './profile';

export default function PortfolioPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <PageTitle title="My Portfolio" />
      <header className="flex flex-col items-center gap-8 text-center md:flex-row md:text-left">
        <img
          src="/images/portfolio/portrait.svg"
          alt={`Portrait of ${profile.name}`}
          width={240}
          height={240}
          className="h-48 w-48 shrink-0 rounded-full border-4 border-base-100 bg-base-200 object-cover shadow-lg md:h-60 md:w-60"
        />
        <div>
          <p className="text-sm font-semibold tracking-widest text-primary uppercase">My Portfolio</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">{profile.name}</h1>
          <p className="mt-1 text-lg text-base-content/80">{profile.role}</p>
          <p className="mt-4 max-w-xl leading-relaxed text-base-content/85">{profile.about}</p>
          <a href={`mailto:${profile.email}`} className="btn btn-outline btn-sm mt-5 gap-2">
            <Mail className="h-4 w-4" aria-hidden="true" />
            {profile.email}
          </a>
        </div>
      </header>

      <div className="mt-14 grid gap-10 md:grid-cols-2">
        <section aria-labelledby="education-heading">
          <h2 id="education-heading" className="text-xl font-bold">
            Education
          </h2>
          <ul className="mt-4 space-y-4">
            {profile.education.map((entry) => (
              <li key={entry.degree} className="flex gap-3">
                <GraduationCap className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
                <div>
                  <p className="font-semibold">{entry.degree}</p>
                  <p className="text-sm text-base-content/75">
                    {entry.school}, {entry.years}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="skills-heading">
          <h2 id="skills-heading" className="text-xl font-bold">
            Skills
          </h2>
          <ul className="mt-4 flex flex-wrap gap-2">
            {profile.skills.map((skill) => (
              <li key={skill} className="badge badge-lg border-base-300 bg-base-200">
                {skill}
              </li>
            ))}
          </ul>
        </section>
      </div>

      <section aria-labelledby="projects-heading" className="mt-14">
        <h2 id="projects-heading" className="text-xl font-bold">
          Projects
        </h2>
        <ul className="mt-4 grid gap-6 md:grid-cols-3">
          {profile.projects.map((project) => (
            <li key={project.name} className="card border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body gap-3">
                <h3 className="card-title text-lg">{project.name}</h3>
                <p className="text-sm leading-relaxed text-base-content/85">{project.summary}</p>
                <ul className="mt-auto flex flex-wrap gap-1.5" aria-label="Built with">
                  {project.stack.map((tool) => (
                    <li key={tool} className="badge badge-sm badge-outline">
                      {tool}
                    </li>
                  ))}
                </ul>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

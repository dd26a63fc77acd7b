import { sendJson, startBare } from './bench-bare';

/**
 * The reference Explore is measured against: a bare `GET /api/app/facilitators`
 * (first page, with or without `search`) with Tend's SQL (profiles/explore.ts explorePage: the
 * facilitators named like the search, then the others whose search document matches, each in
 * (name, id) order, also tested with spaces taken as q) after Tend's token check, writing the same
 * JSON: the list without a search as a named prepared statement, a search unnamed (planned with its pattern).
 */
const PAGE = 24; // common/profiles/schemas.ts EXPLORE_PAGE_SIZE
const card = `u.id, u.name, u.profile_picture, u.facilitator_category`;
const named = `lower(u.name || ' ' || u.username) like $1`;
const ALL = {
  name: 'bare_explore_all',
  text: `select ${card}, array[u.name::text, u.id::text] as sort_key from users u
    where u.is_facilitator = true order by u.name asc, u.id asc limit $1`,
};
const searched = (name: string, where: string) => ({
  name,
  text: `select ${card}, array[(case when ${named} then 0 else 1 end)::text, u.name::text, u.id::text] as sort_key
    from users u where u.is_facilitator = true and ${where} order by u.name asc, u.id asc limit $2`,
});
// the text with spaces taken as q holds the trigram index (queries.ts searchTableHas)
const inSearch = (column: string) =>
  `u.id in (select s.user_id from facilitator_search s
    where s.${column} like $1 and replace(s.${column}, ' ', 'q') like $3)`;
const NAMED = searched('bare_explore_named', inSearch('name_text'));
const OTHERS = searched('bare_explore_others', `not (${named}) and ${inSearch('document')}`);

type Row = {
  id: string;
  name: string;
  profile_picture: string | null;
  facilitator_category: string;
  sort_key: string[];
};

const containsPattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const startBareExplore = (databaseUrl: string) =>
  startBare(databaseUrl, ({ app, pool, viewer }) => {
    app.get('/api/app/facilitators', async (req, reply) => {
      if (!(await viewer(req))) return sendJson(reply, { error: 'unauthorized', message: 'Sign in first.' }, 401);
      const search = ((req.query as { search?: string }).search ?? '').trim();
      let rows: Row[];
      if (!search) rows = (await pool.query<Row>({ ...ALL, values: [PAGE + 1] })).rows;
      else {
        const pattern = containsPattern(search);
        // unnamed, as Tend sends them: PostgreSQL plans each search with its pattern (a generic plan
        // of a named statement guesses 50 matches and rechecks a common word's thousands, 'yoga' 6 ms)
        const ask = (statement: typeof NAMED, limit: number) =>
          pool.query<Row>({ text: statement.text, values: [pattern, limit, pattern.replaceAll(' ', 'q')] });
        rows = (await ask(NAMED, PAGE + 1)).rows;
        if (rows.length < PAGE + 1) rows = rows.concat((await ask(OTHERS, PAGE + 1 - rows.length)).rows);
      }
      const shown = rows.slice(0, PAGE);
      const last = shown.at(-1);
      const next = rows.length > PAGE && last ? Buffer.from(JSON.stringify(last.sort_key)).toString('base64url') : null;
      const facilitators = shown.map((r) => ({
        _id: r.id,
        name: r.name,
        profilePicture: r.profile_picture,
        facilitatorCategory: r.facilitator_category,
      }));
      return sendJson(reply, { facilitators, next });
    });
  });

// The demo data every fresh sandbox starts with: two organizations that look like real companies, so that
// trying `wts` against the sandbox shows full boards, threads, runs and approvals waiting for a decision.
//
// Deterministic: everything is a function of `startMs` (no Math.random, no Date.now), and seeded ids carry
// an `s` (`task_s001`, `evt_s0001`) so they never collide with the store's `${prefix}_${seq}` ids.
import type {
  AgentRec,
  Author,
  ConversationRec,
  KnowledgeRec,
  Organization,
  PendingActionRec,
  SandboxState,
  ScheduledTaskRec,
  ServiceData,
  Status,
  TaskRec,
  User,
  WorkspaceRec,
} from './model.js';
import { dateInZone, nextCronOccurrence, previousCronOccurrence } from '../schedules/occurrences.js';
import {
  seedTasks,
  type ActionSeed,
  type Login,
  type RunSeed,
  type Speaker,
  type StatusKey,
  type TaskSeed,
  type ThreadSeed,
} from './seed-tasks.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The one seed record `match` picks; the seed names only records it holds, so a miss is a mistake in the seed. */
function seeded<T>(records: readonly T[], match: (record: T) => boolean, what: string): T {
  const found = records.find(match);
  if (found === undefined) throw new Error(`the seed has no ${what}`);
  return found;
}

const STATUSES: readonly Status[] = [
  { key: 'todo', name: 'To do', position: 0 },
  { key: 'in_progress', name: 'In progress', position: 1 },
  { key: 'waiting', name: 'Waiting', position: 2 },
  { key: 'done', name: 'Done', position: 3 },
];

const USERS: readonly User[] = [
  { id: 'usr_ada', login: 'ada', name: 'Ada Lovelace', email: 'ada@acme.example' },
  { id: 'usr_ben', login: 'ben', name: 'Ben Okafor', email: 'ben@acme.example' },
];

const ORGANIZATIONS: readonly Organization[] = [
  { id: 'org_acme', slug: 'acme', name: 'Acme Corp', timezone: 'Europe/Berlin', memberIds: ['usr_ada', 'usr_ben'] },
  { id: 'org_globex', slug: 'globex', name: 'Globex', timezone: 'America/New_York', memberIds: ['usr_ada'] },
];

const AGENTS: readonly AgentRec[] = [
  { id: 'agt_support', orgId: 'org_acme', workspaceId: 'ws_support', name: 'Support Agent', paused: false },
  { id: 'agt_sales', orgId: 'org_acme', workspaceId: 'ws_sales', name: 'Sales Agent', paused: false },
  { id: 'agt_ops', orgId: 'org_acme', workspaceId: 'ws_ops', name: 'Ops Agent', paused: false },
  { id: 'agt_research', orgId: 'org_globex', workspaceId: 'ws_research', name: 'Research Agent', paused: false },
];

// ---- Handbooks ------------------------------------------------------------------------------------

const SUPPORT_TONE = `Every reply we send is read by someone who is already having a worse day than they planned. Write for that person.

Voice. We sound like a capable colleague, not a call centre and not a friend from the pub. Use plain words, short sentences and the active voice: "I have refunded the charge", not "The charge has been refunded by our team". Use the customer's first name once, in the greeting. Sign with the team name, never with the name of the agent model.

Open with the answer. The first sentence after the greeting says what we did or what will happen next. Background, apologies and explanations come after it, and only as much as the customer needs to trust the answer. If the honest answer is "we do not know yet", say that, and say when we will know.

Apologise once, and for something specific. "I'm sorry the export dropped the accented names in your file" is an apology; "We apologise for any inconvenience this may have caused" is a form letter. Do not apologise for things that are not our fault, and never blame the customer, a colleague or a supplier by name.

Be exact. Give amounts with their currency, dates with the weekday ("Thursday, 14 May"), and times with the customer's timezone when we know it. Link to the help centre article instead of pasting it, and quote the one step that matters.

Match the customer's language and register. Reply in German to German emails and in English otherwise; the help centre has both. A customer who writes two lines gets a short answer; a customer who writes a detailed report gets a detailed reply that shows we read all of it.

Words we avoid: "unfortunately" at the start of a sentence, "please be advised", "as per", "kindly", "ASAP", "just" (it makes their problem sound small), and any promise about a release date. Words we like: "here is", "I have", "next", "by Friday".

Formatting. Plain text first: no tables, no more than one list per email, at most five items in it. Put each step of a procedure on its own line. Never put account numbers, passwords or full card numbers in an email, even if the customer sent them to us; refer to the last four digits.

Chat is shorter than email. In the in-app chat and in shared Slack channels, answer in one to three sentences, then offer the longer explanation if they want it. Do not send several messages in a row when one will do.

When the customer is angry, do not mirror the tone and do not argue with the facts in the first reply. Acknowledge the impact in one sentence, state what we are doing, and give the time of the next update. If a message contains threats or abuse, do not reply: hand the task to a person and tag it "escalated".

Before you propose a reply, read it once as the customer would. If it would annoy you, rewrite it.`;

const SUPPORT_ESCALATION = `Most tickets are solved by the first person or agent who picks them up. This entry says when a ticket must leave the normal queue, who gets it, and how fast.

Severity levels.
- Sev 1: the product is down or unusable for a customer, data is lost or exposed, or money moved that should not have. Examples: nobody at the customer can sign in; a deleted project cannot be restored; a charge was taken twice from many customers at once.
- Sev 2: an important feature is broken for a customer and there is no workaround, or a single customer was charged wrongly. Examples: reports time out for a large account; webhooks are delayed by more than ten minutes; a duplicate charge on one invoice.
- Sev 3: something is broken but a workaround exists, or a question needs a specialist. Everything else is Sev 4 and stays in the queue.

Who gets it.
- Sev 1: page the on-call engineer through the incident channel (#incidents) and tell Ada Lovelace, who owns customer communication during incidents. The agent never decides a Sev 1 alone: it drafts the first customer update and waits for approval.
- Sev 2: assign the task to Ben Okafor for technical issues or to Ada Lovelace for billing, add the tag "urgent", and set a due date no later than the next working day.
- Sev 3: assign to whoever has the fewest open tasks and add a note with what was tried.

Security and privacy. Anything that mentions a login the customer did not make, a leaked key, access by a former employee, or a request from an authority goes to Ada Lovelace at once, tagged "security", whatever its apparent severity. Do not confirm or deny to the customer what we found until a person has approved the wording.

Money. The agent may propose refunds and credits up to 200 EUR within the refund policy; a person approves every one of them. Anything above 200 EUR, any chargeback, and any change to a contract goes to Ada Lovelace as a task for a person, with the invoice numbers and the history in a note.

Response targets (working hours, Europe/Berlin): Sev 1 within 15 minutes, around the clock; Sev 2 within 2 hours; Sev 3 within one working day; Sev 4 within three working days. If a target will be missed, tell the customer before it passes, not after.

How to hand over. Write a note that a colleague who has never seen the ticket can act on: what the customer asked, what we know, what we tried, what is blocking, and what you would do next. Link the source conversation rather than pasting it. Then assign, set the status to "in_progress" or "waiting", and set a reminder for the next check.

After the fact. Every Sev 1 and every Sev 2 that missed its target gets a short review in the Operations workspace within five working days: what happened, how we found out, what we changed. Blame-free; the goal is the next ticket, not the last one.`;

const ACME_COMMUNICATION = `These standards apply to everyone who writes on Acme's behalf: people, and every agent in every workspace. A workspace's own handbook can add to them but not contradict them.

Who we are to customers. Acme sells scheduling and workflow software to small and mid-sized companies, mostly in Germany, Austria, the Netherlands and the United Kingdom. Our customers chose us because we are reliable and easy to reach. Every message should leave them more confident in that choice.

Honesty over comfort. We do not promise dates we do not control, features that are not on the public roadmap, or outcomes that depend on a third party. When we made a mistake, we say so plainly and say what we changed. When we do not know, we say when we will know.

Privacy. Customer data stays in the systems built for it. Do not copy customer data into chat channels, documents or emails beyond what the recipient needs. Never send passwords, API keys or full card numbers. Confirm a caller's identity through the account's registered email before discussing account details or making changes. Requests from authorities, lawyers or journalists go to Ada Lovelace; do not reply to them yourself.

Promises about money. Only people approve refunds, credits, discounts and contract changes. Agents may prepare them, with the amount, the currency, the invoice and the reason, and must wait for approval. Quote prices from the current price list only, in the customer's billing currency, excluding VAT unless the customer is a consumer.

Language. We write in English or German, matching the customer. Dates are written out ("Tuesday, 3 March"); times carry the timezone. We use the customer's name and our team's name, and we never claim that an agent is a person. If a customer asks whether they are talking to an AI, the answer is yes, and a person is always available.

Response times. Customers hear from us within one working day, even if only to say we are on it. Urgent matters follow the escalation policy of the workspace. Out-of-office replies are not a response.

Internal notes and chat. Notes on a task are for colleagues and agents: factual, complete, free of judgements about the customer. Assume the customer will one day read every note, because under data protection law they can ask to.

Mistakes. If you sent something wrong, correct it in a follow-up within the hour, and tell the task's assignee. An agent that notices a wrong or outdated entry in a handbook proposes a correction instead of working around it.

Signatures. Emails end with "Best regards," and the team name ("Acme Customer Support", "Acme Sales"). No personal phone numbers, no inspirational quotes, no images.`;

const GLOBEX_RESEARCH_ETHICS = `Globex Research exists to produce results that other people can rely on. Everything here follows from that.

Record everything, change nothing. Raw measurements are written once to the lab data store and never edited. Corrections are new records that reference the old ones, with the reason and the name of the person who made them. An agent that finds a suspicious value flags it in a note; it never removes or smooths it.

Reproducibility. Every figure in a report names the dataset, the script version and the parameters that produced it. If a result cannot be reproduced from those three by a colleague, it is not a result yet, and it is labelled "preliminary" wherever it appears.

Sources. Summaries of published work cite the paper with its DOI and say whether it was peer reviewed. Preprints are welcome but always marked as such. Do not summarise a paper from its abstract alone: read the methods section, and say so if you could not access the full text.

Conflicts of interest. Supplier comparisons note any existing contract, discount or joint project with the supplier. People who have a personal relationship with a supplier say so before they review the comparison.

Safety first. Experiments involving cells above 60 percent state of charge, thermal abuse or pressurised containers follow the lab safety manual and need a second person present. No schedule pressure justifies skipping a safety step; say that it will be late instead.

Confidentiality. Results of sponsored projects stay inside the project until the sponsor approves publication. Agents do not send project data to external services, and do not mention sponsors by name in anything that leaves Globex.

Publication. Draft papers, posters and blog posts go through the publication approvals entry below. Authorship follows contribution, decided before the writing starts, not after.

Working with agents. The Research Agent prepares literature reviews, data summaries and first drafts. It does not run experiments, change lab data or contact sponsors, and everything it writes is checked by the person who owns the task before it is used. When the agent is unsure which data or which conditions apply, it asks instead of choosing.

When in doubt, ask. A question to a person costs a few minutes; a retracted paper costs years.`;

interface SectionSeed {
  title: string;
  body: string;
}

const AGENT_HANDBOOKS: Record<string, SectionSeed[]> = {
  agt_support: [
    { title: 'Tone and voice', body: SUPPORT_TONE },
    { title: 'Escalation policy', body: SUPPORT_ESCALATION },
    {
      title: 'Refunds and credits',
      body: `Refunds follow the refund policy in the knowledge sources. In short: a duplicate or wrong charge is always refunded in full to the original payment method; unused seats are credited pro rata against the next invoice, never paid out; annual plans can be refunded within 30 days of renewal. Propose every refund as an action with the amount, currency and invoice number, and wait for a person to approve it. Chargebacks are never answered by the agent: hand them to Ada Lovelace.`,
    },
    {
      title: 'Sign-in and two-factor problems',
      body: `Never reset two-factor authentication, change an email address or unlock an account on the strength of a chat message alone. Confirm the request from the account's registered email address first. If SMS codes do not arrive, check the status page for the SMS provider before anything else, and suggest the authenticator app as a workaround. Repeated failed sign-ins from unusual places are a security matter: tag the task "security" and follow the escalation policy.`,
    },
    {
      title: 'Closing a ticket',
      body: `Mark a task done only when the customer has what they asked for or has stopped answering after two follow-ups a week apart. Before closing, add a one-line note with the outcome, remove the "urgent" tag, and cancel any reminders that are still scheduled.`,
    },
  ],
  agt_sales: [
    {
      title: 'Qualifying leads',
      body: `A lead is qualified when we know four things: how many people would use Acme, which tool they use today, who signs the contract, and when they want to start. Ask for what is missing in one friendly email, not a questionnaire. Leads with fewer than five users go to the self-service trial; do not schedule calls for them.`,
    },
    {
      title: 'Discounts and quotes',
      body: `Quotes use the 2026 price list. The agent may propose up to 10 percent for annual prepayment and up to 15 percent for nonprofits and schools with proof of status. Multi-year deals, discounts above 15 percent and custom terms are prepared as a task for Ada Lovelace. Every quote states the currency, the number of seats, the term, and that prices exclude VAT.`,
    },
    {
      title: 'Follow-up cadence',
      body: `Follow up three working days after a proposal, then after one week, then after two weeks. After that, set a reminder for the date the customer named, or for one month later, and stop. Never follow up more than once in a week, and never on a weekend in the customer's timezone.`,
    },
  ],
  agt_ops: [
    {
      title: 'Incident response basics',
      body: `When monitoring or a customer report points to an outage, open a task tagged "incident", post in #incidents, and draft a status page update for approval within 15 minutes. Keep a timeline in the task notes: what was seen, when, and what was changed. Do not restart production services or roll back deployments yourself; propose the step and wait for approval.`,
    },
    {
      title: 'Backups',
      body: `Nightly backups of the production database and the file store must complete by 05:00 Europe/Berlin. The daily backup check confirms the size is within 10 percent of the previous day, the restore test of the sample project succeeded, and the encryption key in use is the current one. Anything else is reported as an incident.`,
    },
    {
      title: 'Access requests',
      body: `Access to production systems is granted per person, for a stated purpose and a stated time, and only after approval by Ada Lovelace. Remove access of people who leave on their last working day. The monthly access review compares the list of accounts with the staff list and flags every difference.`,
    },
  ],
  agt_research: [
    {
      title: 'Literature review method',
      body: `Search the research portal and the preprint server for the last twelve months. Keep papers that report original measurements; set aside reviews and opinion pieces unless asked. For each paper note the cell chemistry, the test conditions, the sample size and the main finding in two sentences. End with what the papers disagree on.`,
    },
    {
      title: 'Citing sources',
      body: `Cite every claim with author, year, title and DOI. Mark preprints as "preprint". If two sources disagree, cite both and say which conditions differ. Never cite a source you could not open.`,
    },
    {
      title: 'Handling lab data',
      body: `Read lab data only from the lab data store, never from copies in email or chat. Report units explicitly and keep the precision of the instrument. Flag outliers in a note instead of removing them.`,
    },
  ],
};

const COMPANY_HANDBOOKS: Record<string, SectionSeed[]> = {
  org_acme: [
    {
      title: 'About Acme',
      body: `Acme Corp makes scheduling and workflow software for small and mid-sized companies. We are 140 people, based in Berlin with a team in Amsterdam, and we have served customers since 2014. Our teams: Customer Support, Sales and Operations work in this service, each with its own agent.`,
    },
    { title: 'Communication standards', body: ACME_COMMUNICATION },
    {
      title: 'Privacy and customer data',
      body: `We process customer data in our data centres in Frankfurt and Dublin only. The data processing agreement, the list of subprocessors and the security whitepaper are in the knowledge sources; send links, not attachments. Deletion requests are carried out within 30 days and confirmed in writing.`,
    },
    {
      title: 'Working hours and holidays',
      body: `Support is staffed Monday to Friday, 08:00 to 18:00 Europe/Berlin, except on public holidays in Berlin. Outside those hours, only Sev 1 incidents page the on-call engineer. Agents keep working around the clock but do not send customer emails between 22:00 and 07:00 in the customer's timezone; they schedule them instead.`,
    },
  ],
  org_globex: [
    {
      title: 'About Globex Research',
      body: `Globex Research studies battery safety and degradation for industrial partners. The team is small; Ada Lovelace leads it. The Research workspace holds all our tasks, and its agent prepares literature reviews, data summaries and reports.`,
    },
    { title: 'Research ethics and data integrity', body: GLOBEX_RESEARCH_ETHICS },
    {
      title: 'Publication approvals',
      body: `Anything that leaves Globex (papers, posters, talks, blog posts, datasets) needs approval from the project lead and, for sponsored projects, written approval from the sponsor. Allow ten working days. The agent may draft, but never submits or publishes.`,
    },
  ],
};

// ---- Tasks: seed-tasks.json, read by seed-tasks.ts ---------------------------------------------

// ---- Scheduled tasks ------------------------------------------------------------------------------

interface ScheduleSeed {
  id: string;
  workspaceId: string;
  agentId: string;
  title: string;
  prompt: string;
  cron: string;
  state: 'active' | 'paused';
  createdDaysAgo: number;
  /** The most recent occurrence ran: a task, a succeeded run and its proposal. */
  lastRun?: { taskId: string; runId: string; actionId: string; output: string; channel: string; text: string; approvedBy?: Login };
}

const SCHEDULES: ScheduleSeed[] = [
  {
    id: 'sched_support_weekly',
    workspaceId: 'ws_support',
    agentId: 'agt_support',
    cron: '0 8 * * 1',
    state: 'active',
    createdDaysAgo: 60,
    title: 'Weekly support metrics',
    prompt:
      'Every Monday morning, count the tickets opened and closed last week, the median first response time and the tickets waiting for more than five days, and post a short summary in #support for the team.',
    lastRun: {
      taskId: 'task_s090',
      runId: 'run_s090',
      actionId: 'act_s090',
      channel: '#support',
      approvedBy: 'ada',
      output:
        "Counted last week's tickets: 41 opened, 38 closed; median first response 1 h 12 min.\nThree tickets have been waiting for more than five days.\nDrafted the weekly summary for #support.",
      text: 'Weekly support metrics: 41 tickets opened, 38 closed, median first response 1 h 12 min. Waiting for more than five days: audit log export estimate, BAA review, seat cleanup at Hughes & Partners.',
    },
  },
  {
    id: 'sched_support_status',
    workspaceId: 'ws_support',
    agentId: 'agt_support',
    cron: '5 * * * *',
    state: 'paused',
    createdDaysAgo: 20,
    title: 'Check the status page for incidents',
    prompt:
      'Every hour, check status.acme.example and the SMS provider status page. If there is an open incident, draft a short note for the team in #support with what customers may notice.',
  },
  {
    id: 'sched_sales_digest',
    workspaceId: 'ws_sales',
    agentId: 'agt_sales',
    cron: '0 9 * * 1-5',
    state: 'active',
    createdDaysAgo: 45,
    title: 'Pipeline digest',
    prompt:
      'Every working day at 09:00, list the proposals waiting for an answer, the follow-ups due today according to the cadence, and new inbound leads, and post the list in #sales.',
  },
  {
    id: 'sched_ops_backups',
    workspaceId: 'ws_ops',
    agentId: 'agt_ops',
    cron: '30 6 * * *',
    state: 'active',
    createdDaysAgo: 90,
    title: 'Daily backup check',
    prompt:
      "Check that last night's backups of the production database and the file store completed, that their sizes are within 10 percent of the previous day, and that the restore test succeeded. Report the result in #ops.",
    lastRun: {
      taskId: 'task_s290',
      runId: 'run_s290',
      actionId: 'act_s290',
      channel: '#ops',
      approvedBy: 'ada',
      output:
        "Checked last night's backups: database 182.4 GB (+0.6 %), file store 1.31 TB (+0.2 %), both completed before 04:10.\nThe restore test of the sample project succeeded in 6 min 40 s.\nDrafted the daily report for #ops.",
      text: 'Backups OK: database 182.4 GB (+0.6 %), file store 1.31 TB (+0.2 %), restore test passed in 6 min 40 s.',
    },
  },
  {
    id: 'sched_ops_access',
    workspaceId: 'ws_ops',
    agentId: 'agt_ops',
    cron: '0 9 15 * *',
    state: 'paused',
    createdDaysAgo: 120,
    title: 'Monthly access review',
    prompt:
      'On the 15th of each month, compare the accounts with access to production systems with the staff list from HR, and list every account that has no current owner or no stated purpose.',
  },
  {
    id: 'sched_research_review',
    workspaceId: 'ws_research',
    agentId: 'agt_research',
    cron: '0 10 1 * *',
    state: 'active',
    createdDaysAgo: 100,
    title: 'Monthly literature review',
    prompt:
      'On the first of each month, search the research portal and the preprint server for new papers on LFP cell degradation and thermal safety from the previous month, and summarize the five most relevant ones with their DOIs.',
    lastRun: {
      taskId: 'task_s390',
      runId: 'run_s390',
      actionId: 'act_s390',
      channel: '#research',
      output:
        'Found 23 new papers and 9 preprints from last month; selected the five most relevant to LFP degradation and thermal safety.\nDrafted the monthly summary for #research.',
      text: 'Monthly literature review: five new papers on LFP degradation and thermal safety, two of them preprints. Highlights: calendar ageing at 45 °C is twice the rate previously assumed; a new separator coating delays thermal runaway onset by 18 °C.',
    },
  },
];

// ---- Knowledge sources ----------------------------------------------------------------------------

const KNOWLEDGE: Omit<KnowledgeRec, 'createdAt'>[] = [
  {
    id: 'ks_s001',
    orgId: 'org_acme',
    name: 'Help center',
    note: 'Public articles for customers, in English and German. Link to them instead of pasting.',
    url: 'https://help.acme.example/',
    fileName: null,
  },
  {
    id: 'ks_s002',
    orgId: 'org_acme',
    name: 'Status page',
    note: 'Current incidents and maintenance windows.',
    url: 'https://status.acme.example/',
    fileName: null,
  },
  {
    id: 'ks_s003',
    orgId: 'org_acme',
    name: 'Refund policy',
    note: 'What can be refunded, credited or neither, and who approves it.',
    url: 'https://acme.example/legal/refunds',
    fileName: null,
  },
  {
    id: 'ks_s004',
    orgId: 'org_acme',
    name: 'API reference',
    note: 'Rate limits, authentication and webhooks for customers who integrate.',
    url: 'https://developers.acme.example/api',
    fileName: null,
  },
  {
    id: 'ks_s005',
    orgId: 'org_acme',
    name: 'Subprocessors',
    note: 'The current list of subprocessors and processing locations.',
    url: 'https://acme.example/legal/subprocessors',
    fileName: null,
  },
  {
    id: 'ks_s006',
    orgId: 'org_acme',
    name: 'Price list 2026',
    note: 'List prices per seat and plan, valid from 1 January 2026.',
    url: null,
    fileName: 'price-list-2026.pdf',
  },
  {
    id: 'ks_s007',
    orgId: 'org_acme',
    name: 'Enterprise onboarding checklist',
    note: 'Steps for SSO, data migration and admin training.',
    url: null,
    fileName: 'enterprise-onboarding-checklist.docx',
  },
  {
    id: 'ks_s101',
    orgId: 'org_globex',
    name: 'Globex research portal',
    note: 'Journal access through the institutional subscription.',
    url: 'https://portal.globex.example/library',
    fileName: null,
  },
  {
    id: 'ks_s102',
    orgId: 'org_globex',
    name: 'Preprint server',
    note: 'Preprints are not peer reviewed: mark them as such.',
    url: 'https://arxiv.org/list/physics.chem-ph/recent',
    fileName: null,
  },
  {
    id: 'ks_s103',
    orgId: 'org_globex',
    name: 'Lab safety manual',
    note: 'Required reading before any thermal or abuse test.',
    url: null,
    fileName: 'lab-safety-manual-v7.pdf',
  },
];

// ---- The builder ----------------------------------------------------------------------------------

/** Builds the records of the seed tables above, dating everything relative to `startMs`. */
class SeedBuilder {
  private readonly counters = new Map<string, number>();

  constructor(
    readonly d: ServiceData,
    readonly startMs: number,
  ) {}

  id(prefix: string): string {
    const n = (this.counters.get(prefix) ?? 0) + 1;
    this.counters.set(prefix, n);
    return `${prefix}_s${String(n).padStart(4, '0')}`;
  }

  person(login: Login): Author {
    const user = seeded(USERS, (u) => u.login === login, `user ${login}`);
    return { kind: 'person', id: user.id, name: user.name };
  }

  agent(agentId: string): Author {
    const agent = seeded(AGENTS, (a) => a.id === agentId, `agent ${agentId}`);
    return { kind: 'agent', id: agent.id, name: agent.name };
  }

  event(taskId: string, kind: string, summary: string, actor: Author, at: number): void {
    this.d.events.push({ id: this.id('evt'), taskId, kind, summary, actor, createdAt: iso(at) });
  }

  /**
   * A task and its history. Its steps (creation, assignment, status moves, notes, chat, runs and their
   * outcomes) are spread evenly over the first 90 % of its age, in that order, so all lie before startMs.
   */
  task(workspaceId: string, agentId: string, seed: TaskSeed, createdAtMs?: number, spanMs?: number): TaskRec {
    const created = createdAtMs ?? this.startMs - seed.age * HOUR;
    const agent = this.agent(agentId);
    const statusName = (key: string) => seeded(STATUSES, (s) => s.key === key, `status ${key}`).name;
    const task: TaskRec = {
      id: seed.id,
      workspaceId,
      agentId,
      title: seed.title,
      description: seed.description,
      status: seed.status,
      assigneeIds: (seed.who ?? []).map((login) => this.person(login).id),
      tags: [...(seed.tags ?? [])],
      dueDate: seed.due === undefined ? null : iso(this.startMs + seed.due * DAY),
      notes: [],
      conversationKey: seed.thread?.key ?? null,
      createdAt: iso(created),
      updatedAt: iso(created),
    };
    this.d.tasks.push(task);

    const steps: { withPrevious?: boolean; run: (at: number) => void }[] = [];
    const step = (run: (at: number) => void, withPrevious = false) => steps.push({ run, withPrevious });
    const creator = seed.by ? this.person(seed.by) : agent;

    step((at) => {
      const summary = seed.scheduledTaskId
        ? `Created by the scheduled task "${seed.title.split(' — ')[0]}"`
        : seed.thread
          ? `${agent.name} created the task from ${seed.thread.channel === 'email' ? 'an email' : 'a chat'} from ${seedTasks().contactOf(seed.thread).name}`
          : `${creator.name} created the task "${seed.title}"`;
      this.event(task.id, 'task.created', summary, creator, at);
      if (task.tags.length > 0) this.event(task.id, 'tags.changed', `Tags set to ${task.tags.join(', ')}`, creator, at);
    });
    if (seed.thread) this.thread(seed.thread, created, step, agentId);
    if (task.assigneeIds.length > 0) {
      const assigner = this.person(seed.by ?? 'ada');
      step((at) =>
        this.event(
          task.id,
          'assignees.changed',
          `Assigned to ${(seed.who ?? []).map((l) => this.person(l).name).join(', ')}`,
          assigner,
          at,
        ),
      );
    }
    let status: StatusKey = 'todo';
    const changeStatus = (next: StatusKey, by: Author, at: number) => {
      this.event(task.id, 'status.changed', `Status changed from ${statusName(status)} to ${statusName(next)}`, by, at);
      status = next;
    };
    const moveTo = (next: StatusKey, by: Author) => step((at) => changeStatus(next, by, at));
    const mover = seed.who?.[0] ? this.person(seed.who[0]) : creator;
    if (seed.scheduledTaskId) {
      // As the simulated agent does it: the run starts with the task and its end moves the task along.
      for (const [i, run] of (seed.runs ?? []).entries()) {
        this.run(task, agentId, { ...run, scheduledTaskId: seed.scheduledTaskId }, created, step, i === 0, (at) => {
          if (status === 'todo') changeStatus('in_progress', agent, at);
        });
      }
    } else {
      if (seed.status !== 'todo') moveTo('in_progress', mover);
      for (const [login, content] of seed.notes ?? []) {
        step((at) => {
          const author = this.person(login);
          task.notes.push({ id: this.id('note'), content, authorId: author.id, createdAt: iso(at) });
          this.event(task.id, 'note.added', `${author.name} added a note`, author, at);
        });
      }
      for (const [who, content] of seed.chat ?? [])
        step((at) => this.chat(task.id, who === 'agent' ? agent : this.person(who), content, at));
      for (const run of seed.runs ?? []) this.run(task, agentId, run, created, step);
    }
    for (const r of seed.reminders ?? []) {
      step((at) => {
        this.d.reminders.push({
          id: r.id,
          taskId: task.id,
          message: r.message,
          remindAt: iso(this.startMs + r.inHours * HOUR),
          state: 'scheduled',
          createdAt: iso(at),
        });
        this.event(
          task.id,
          'reminder.created',
          `${mover.name} set a reminder for ${iso(this.startMs + r.inHours * HOUR)}: ${r.message}`,
          mover,
          at,
        );
      });
    }
    if (seed.status === 'waiting') moveTo('waiting', mover);
    if (seed.status === 'done') moveTo('done', mover);

    const span = spanMs ?? (this.startMs - created) * 0.9;
    const spaced = steps.filter((s) => !s.withPrevious).length;
    let index = -1;
    let last = created;
    for (const s of steps) {
      if (!s.withPrevious) index += 1;
      last = created + Math.round((span * index) / Math.max(spaced - 1, 1));
      s.run(last);
    }
    task.updatedAt = iso(last);
    return task;
  }

  /** The source conversation: its first message came before the task, the replies are steps of it. */
  private thread(seed: ThreadSeed, created: number, step: (run: (at: number) => void) => void, agentId: string): void {
    const conversation: ConversationRec = {
      key: seed.key,
      orgId: seeded(AGENTS, (a) => a.id === agentId, `agent ${agentId}`).orgId,
      channel: seed.channel,
      subject: seed.subject,
      messages: [],
    };
    this.d.conversations.push(conversation);
    const contact = seedTasks().contactOf(seed);
    const author = (who: Speaker): Author =>
      who === 'contact'
        ? { kind: 'person', id: contact.address, name: contact.name }
        : who === 'agent'
          ? this.agent(agentId)
          : this.person(who);
    const push = (who: Speaker, content: string, at: number) =>
      conversation.messages.push({ id: this.id('cmsg'), author: author(who), content, createdAt: iso(at) });
    const [first, ...rest] = seed.messages;
    if (first) push(first[0], first[1], created - 7 * MINUTE);
    for (const [who, content] of rest) step((at) => push(who, content, at));
  }

  private chat(taskId: string, author: Author, content: string, at: number): void {
    this.d.messages.push({ id: this.id('msg'), taskId, author, content, createdAt: iso(at) });
    this.event(
      taskId,
      'message.sent',
      author.kind === 'agent' ? `${author.name} wrote in the chat` : `${author.name} wrote to the agent`,
      author,
      at,
    );
  }

  /** A run (started, finished 47 s later, its proposal), then as a second step the proposal's outcome. */
  private run(
    task: TaskRec,
    agentId: string,
    seed: RunSeed & { scheduledTaskId?: string },
    created: number,
    step: (run: (at: number) => void, withPrevious?: boolean) => void,
    withPrevious = false,
    onFinished?: (at: number) => void,
  ): void {
    const agent = this.agent(agentId);
    let action: PendingActionRec | undefined;
    step((at) => {
      if (seed.firedReminder) {
        this.d.reminders.push({
          id: seed.firedReminder.id,
          taskId: task.id,
          message: seed.firedReminder.message,
          remindAt: iso(at),
          state: 'fired',
          createdAt: iso(Math.round((created + at) / 2)),
        });
        this.event(task.id, 'reminder.fired', `Reminder: ${seed.firedReminder.message}`, agent, at);
      }
      const finished = at + 47_000;
      this.d.runs.push({
        id: seed.id,
        taskId: task.id,
        agentId,
        scheduledTaskId: seed.scheduledTaskId ?? null,
        state: seed.failed ? 'failed' : 'succeeded',
        output: seed.output,
        proposedActionIds: seed.action ? [seed.action.id] : [],
        startedAt: iso(at),
        finishedAt: iso(finished),
      });
      this.event(
        task.id,
        'run.started',
        `${agent.name} started working on the task${seed.scheduledTaskId ? ' (scheduled run)' : ''}`,
        agent,
        at,
      );
      if (seed.action) {
        action = this.pendingAction(task.id, seed.id, seed.action, finished);
        this.event(task.id, 'run.finished', `Run succeeded and proposed: ${seed.action.summary}`, agent, finished);
      } else {
        this.event(task.id, 'run.finished', seed.failed ? 'Run failed' : 'Run succeeded', agent, finished);
      }
      onFinished?.(finished);
      if (seed.chat) this.chat(task.id, agent, seed.chat, finished + 1000);
    }, withPrevious);
    const resolved = seed.action?.resolved;
    if (resolved) {
      step((at) => {
        // Steps run in order: the run's step above has made the action by now.
        if (!action) throw new Error(`the seed resolves run ${seed.id}'s action before the run proposed it`);
        this.resolve(task.id, action, resolved, agent, at);
      });
    }
  }

  pendingAction(taskId: string, runId: string, seed: ActionSeed, at: number): PendingActionRec {
    const action: PendingActionRec = {
      id: seed.id,
      taskId,
      runId,
      kind: seed.kind,
      state: 'pending',
      summary: seed.summary,
      draft: structuredClone(seed.draft), // the seed tables are shared: a state gets its own copy to edit
      createdAt: iso(at),
      resolvedAt: null,
      resolvedBy: null,
      resolution: null,
    };
    this.d.pendingActions.push(action);
    return action;
  }

  /** A person settles a proposal; events as the API records them, and the agent's reaction. */
  resolve(taskId: string, action: PendingActionRec, seed: NonNullable<ActionSeed['resolved']>, agent: Author, at: number): void {
    const person = this.person(seed.by);
    action.state = seed.state;
    action.resolvedAt = iso(at);
    action.resolvedBy = person.id;
    action.resolution =
      seed.state === 'rejected'
        ? { reason: seed.text }
        : seed.state === 'completed'
          ? { note: seed.text }
          : seed.state === 'answered'
            ? { answer: seed.text }
            : null;
    const kinds = {
      approved: 'action.approved',
      rejected: 'action.rejected',
      completed: 'human_task.completed',
      answered: 'question.answered',
    } as const;
    const verb = seed.state === 'rejected' && seed.text ? `rejected (${seed.text})` : seed.state;
    this.event(taskId, kinds[seed.state], `${person.name} ${verb}: ${action.summary}`, person, at);
    if (seed.executed) {
      this.event(taskId, 'action.executed', seed.executed, agent, at + 2000);
      const draft = action.draft;
      const conversation = this.d.conversations.find((c) => c.key === this.d.tasks.find((t) => t.id === taskId)?.conversationKey);
      if (conversation && typeof draft.body === 'string')
        conversation.messages.push({ id: this.id('cmsg'), author: agent, content: draft.body, createdAt: iso(at + 2000) });
    }
    if (seed.state === 'rejected')
      this.chat(taskId, agent, `Understood, ${person.name.split(' ')[0]}: I won't go ahead with "${action.summary}".`, at + 1000);
  }
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * The demo data every fresh sandbox starts with. Its identities are fixed (tests and docs rely on them):
 * `ada` belongs to `acme` (first) and `globex`; `ben` to `acme` only.
 */
export function seedState(startMs: number): SandboxState {
  const at = (offsetMinutes: number) => iso(startMs + offsetMinutes * MINUTE);
  const statuses = () => STATUSES.map((s) => ({ ...s }));
  const workspaces: WorkspaceRec[] = [
    {
      id: 'ws_support',
      orgId: 'org_acme',
      name: 'Customer Support',
      folderId: null,
      archived: false,
      memberIds: ['usr_ada', 'usr_ben'],
      statuses: statuses(),
      createdAt: at(-60 * 24 * 90),
    },
    {
      id: 'ws_sales',
      orgId: 'org_acme',
      name: 'Sales',
      folderId: null,
      archived: false,
      memberIds: ['usr_ada', 'usr_ben'],
      statuses: statuses(),
      createdAt: at(-60 * 24 * 80),
    },
    {
      id: 'ws_ops',
      orgId: 'org_acme',
      name: 'Operations',
      folderId: 'fld_internal',
      archived: false,
      memberIds: ['usr_ada'],
      statuses: statuses(),
      createdAt: at(-60 * 24 * 70),
    },
    {
      id: 'ws_research',
      orgId: 'org_globex',
      name: 'Research',
      folderId: null,
      archived: false,
      memberIds: ['usr_ada'],
      statuses: statuses(),
      createdAt: at(-60 * 24 * 60),
    },
  ];
  const d: ServiceData = {
    users: USERS.map((u) => ({ ...u })),
    organizations: ORGANIZATIONS.map((o) => ({ ...o, memberIds: [...o.memberIds] })),
    workspaces,
    agents: AGENTS.map((a) => ({ ...a })),
    tasks: [],
    messages: [],
    conversations: [],
    events: [],
    runs: [],
    pendingActions: [],
    reminders: [],
    sections: [],
    knowledge: [],
    scheduledTasks: [],
  };
  const b = new SeedBuilder(d, startMs);
  const tasks = seedTasks().byWorkspace;
  for (const seed of tasks.ws_support) b.task('ws_support', 'agt_support', seed);
  for (const seed of tasks.ws_sales) b.task('ws_sales', 'agt_sales', seed);
  for (const seed of tasks.ws_ops) b.task('ws_ops', 'agt_ops', seed);
  for (const seed of tasks.ws_research) b.task('ws_research', 'agt_research', seed);
  for (const seed of SCHEDULES) seedSchedule(b, seed);

  for (const [agentId, sections] of Object.entries(AGENT_HANDBOOKS)) {
    const { orgId } = seeded(AGENTS, (a) => a.id === agentId, `agent ${agentId}`);
    for (const [position, s] of sections.entries()) {
      d.sections.push({
        id: `sec_${agentId.slice(4)}_${position + 1}`,
        orgId,
        agentId,
        title: s.title,
        body: s.body,
        position,
        updatedAt: at(-60 * 24 * (40 - position)),
      });
    }
  }
  for (const [orgId, sections] of Object.entries(COMPANY_HANDBOOKS)) {
    for (const [position, s] of sections.entries()) {
      d.sections.push({
        id: `sec_${orgId.slice(4)}_company_${position + 1}`,
        orgId,
        agentId: null,
        title: s.title,
        body: s.body,
        position,
        updatedAt: at(-60 * 24 * (50 - position)),
      });
    }
  }
  for (const [i, k] of KNOWLEDGE.entries()) d.knowledge.push({ ...k, createdAt: at(-60 * 24 * (45 - i)) });

  // Tables read in time order, as the running service appends them.
  const byTime = <T extends { createdAt: string }>(a: T, b: T) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0);
  d.events.sort(byTime);
  d.messages.sort(byTime);
  d.tasks.sort(byTime);

  return { version: 1, seq: 1000, clockOffsetMs: 0, oauth: null, data: d };
}

/** A scheduled task, with its next run computed and, for some, the task and run of its last occurrence. */
function seedSchedule(b: SeedBuilder, seed: ScheduleSeed): void {
  const workspace = seeded(b.d.workspaces, (w) => w.id === seed.workspaceId, `workspace ${seed.workspaceId}`);
  const { timezone } = seeded(ORGANIZATIONS, (o) => o.id === workspace.orgId, `organization ${workspace.orgId}`);
  const rec: ScheduledTaskRec = {
    id: seed.id,
    orgId: workspace.orgId,
    title: seed.title,
    prompt: seed.prompt,
    cron: seed.cron,
    workspaceId: seed.workspaceId,
    agentId: seed.agentId,
    state: seed.state,
    pausedByArchive: false,
    nextRunAt: seed.state === 'active' ? nextCronOccurrence(seed.cron, timezone, b.startMs) : null,
    lastRunId: null,
    createdAt: iso(b.startMs - seed.createdDaysAgo * DAY),
  };
  b.d.scheduledTasks.push(rec);
  const last = seed.lastRun;
  if (!last) return;

  const ranAt = previousCronOccurrence(seed.cron, timezone, b.startMs);
  const firstSentence = last.text.split(/(?<=\.) /)[0] ?? last.text;
  const executed = `Posted in ${last.channel}: ${firstSentence}`;
  b.task(
    seed.workspaceId,
    seed.agentId,
    {
      id: last.taskId,
      title: `${seed.title} — ${dateInZone(ranAt, timezone)}`,
      description: seed.prompt,
      status: last.approvedBy ? 'done' : 'in_progress',
      age: 0,
      scheduledTaskId: seed.id,
      runs: [
        {
          id: last.runId,
          output: last.output,
          action: {
            id: last.actionId,
            kind: 'action',
            summary: `Post an update in ${last.channel}`,
            draft: { channel: last.channel, text: last.text },
            ...(last.approvedBy ? { resolved: { state: 'approved' as const, by: last.approvedBy, executed } } : {}),
          },
        },
      ],
    },
    ranAt,
    Math.min(20 * MINUTE, (b.startMs - ranAt) * 0.9),
  );
  rec.lastRunId = last.runId;
}

/** Adds a workspace "Bulk" (in acme, shared with ada and ben) holding `count` more tasks; for benchmarks. */
export function addBulkWorkspace(state: SandboxState, count: number, startMs: number): void {
  const d = state.data;
  const statuses = seeded(d.workspaces, () => true, 'workspace').statuses.map((s) => ({ ...s }));
  d.workspaces.push({
    id: 'ws_bulk',
    orgId: 'org_acme',
    name: 'Bulk',
    folderId: null,
    archived: false,
    memberIds: ['usr_ada', 'usr_ben'],
    statuses,
    createdAt: new Date(startMs).toISOString(),
  });
  d.agents.push({ id: 'agt_bulk', orgId: 'org_acme', workspaceId: 'ws_bulk', name: 'Bulk Agent', paused: false });
  for (let i = 0; i < count; i++) {
    const createdAt = new Date(startMs - (count - i) * 1000).toISOString();
    d.tasks.push({
      id: `task_bulk_${i + 1}`,
      workspaceId: 'ws_bulk',
      agentId: 'agt_bulk',
      title: `Bulk task ${i + 1}`,
      description: `Generated task number ${i + 1} for load and benchmark runs.`,
      status: 'todo',
      assigneeIds: i % 3 === 0 ? ['usr_ada'] : [],
      tags: i % 5 === 0 ? ['bulk', 'sample'] : ['bulk'],
      dueDate: null,
      notes: [],
      conversationKey: null,
      createdAt,
      updatedAt: createdAt,
    });
  }
}

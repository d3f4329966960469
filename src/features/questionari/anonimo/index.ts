/**
 * The citizen's anonymous survey page (spec 002 §2; platform-frontend §3.6) and its phone queue.
 */
export { AnonymousSurveyPage } from './AnonymousSurveyPage'
export { flushInvii } from './queue'

import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
var n=["github","gitlab","plain"],t={github:"GITHUB_ACTIONS",gitlab:"GITLAB_CI",plain:void 0};function r(i){return n.find(e=>t[e]!==void 0&&i[t[e]]==="true")??"plain"}export{n as a,t as b,r as c};

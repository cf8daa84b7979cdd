import{a as n}from"./chunk-FC5QFWMO.mjs";function i(t){return`error ${t.code}: ${n(t.message)}
${t.hint?`  ${n(t.hint)}
`:""}`}function e(t){return`error INTERNAL: ${n(t)}
  This is a bug in monitors; please report it with MONITORS_DEBUG=1 output.
`}function o(t){return`error OUTPUT_FAILED: stdout: ${t}
`}export{i as a,e as b,o as c};

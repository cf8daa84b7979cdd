import"./chunk-JBJVVJLC.mjs";function r(t){return`${JSON.stringify(t,null,2)}
`}export{r as renderStatusJson};

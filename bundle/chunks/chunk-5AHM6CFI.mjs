function r(n){return n.length<=1?n[0]??"":`${n.slice(0,-1).join(", ")} or ${n.at(-1)}`}export{r as a};

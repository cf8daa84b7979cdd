import{c as r}from"./chunk-XEO625QM.mjs";function i(n,e){return!!n.isTTY&&!("NO_COLOR"in e&&e.NO_COLOR!=="")&&e.TERM!=="dumb"}function a(n,e,t){return r(e,"plan",n,{color:t})}export{i as a,a as b};

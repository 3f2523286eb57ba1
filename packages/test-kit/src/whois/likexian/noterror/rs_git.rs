%
%This is the RNIDS Whois server.
%
% Date Format         : DD.MM.YYYY
% Whois Server Version: 1.0.0
%
% Rights restricted by copyright.
% See http://www.rnids.rs/whois_en
%
%
%
% Ovo je odgovor od RNIDS Whois servera.
%
% Format datuma     : DD.MM.YYYY
% Verzija Whois Servera : 1.0.0
%
% Sva prava zadržana. Za više informacija.
% pogledajte http://www.rnids.rs/whois_sr

Domain name: git.rs
Domain status: Active
Registration date: 28.11.2018 22:06:38
Modification date: 01.11.2019 14:23:58
Expiration date: 28.11.2020 22:06:38
Registrar: Stanco d.o.o.


DNS: ns1.paukhost.com - 
DNS: ns2.paukhost.com - 



Registrant: Individual

Administrative contact: Individual

Technical contact: Individual

